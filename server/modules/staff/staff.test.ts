import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { STAFF_PASSWORD, staffSession, type TestStaff } from "../../test/staff";
import { startTestStore, type TestStore } from "../../test/test-store";
import { totpCode } from "./totp";

const clock = manualClock("2026-11-23T09:00:00.000Z");
let store: TestStore;
let admin: TestStaff;
let manager: TestStaff;
let writer: TestStaff;
let customer: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  [admin, manager, writer] = await Promise.all([staffSession(store, "admin"), staffSession(store, "manager"), staffSession(store, "writer")]);
  customer = await registerCustomer(store);
});
afterAll(() => store?.close());

const STEP_MS = 30_000;
const code = (staff: TestStaff) => totpCode(staff.totpSecret, clock.now().getTime());
/** A 6-digit code that is none of the codes accepted now (one step of drift either way). */
const wrong = (staff: TestStaff) => {
  const now = clock.now().getTime();
  const accepted = [-STEP_MS, 0, STEP_MS].map((drift) => totpCode(staff.totpSecret, now + drift));
  return ["000000", "111111", "222222", "333333"].find((candidate) => !accepted.includes(candidate))!;
};
const signIn = (staff: { email: string }) => store.post("/api/admin/auth/sign-in", { email: staff.email, password: STAFF_PASSWORD });
const auditOf = async (action: string) => (await store.services.audit.list({ action })).items;

describe("staff sign-in with a second factor", () => {
  it("refuses a customer, a wrong password, and lets the password alone sign no one in", async () => {
    const notStaff = await store.post("/api/admin/auth/sign-in", { email: customer.email, password: customer.password });
    expect(notStaff.status).toBe(400);
    expect(notStaff.body.errors[""]).toEqual(["This is not a staff account. Customers sign in at the store."]);
    expect((await store.post("/api/admin/auth/sign-in", { email: writer.email, password: "not-the-password" })).status).toBe(400);
    const step = await signIn(writer);
    expect(step.body).toEqual({ step: "code", challenge: expect.any(String) });
    expect(step.body).not.toHaveProperty("accessToken");
  });

  it("enrols: the first code answers tokens and ten different recovery codes once, audited", async () => {
    const fresh = await staffSession(store, "writer");
    expect(fresh.recoveryCodes).toHaveLength(10);
    expect(new Set(fresh.recoveryCodes).size).toBe(10);
    expect(fresh.recoveryCodes[0]).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const enrolled = (await auditOf("staff.enrol")).find((row) => row.actorId === fresh.userId);
    expect(enrolled).toMatchObject({ subjectType: "staff", subjectId: fresh.userId, actorRole: "writer" });
  });

  it("signs in with a current code, refuses a wrong code and the same code twice", async () => {
    clock.advance(STEP_MS);
    const first = await signIn(manager);
    const mistaken = await store.post("/api/admin/auth/verify", { challenge: first.body.challenge, code: wrong(manager) });
    expect(mistaken.status).toBe(400);
    expect(mistaken.body.errors.code).toEqual(["This code is not right. Enter the 6-digit code your authenticator app shows now."]);
    const right = await store.post("/api/admin/auth/verify", { challenge: first.body.challenge, code: code(manager) });
    expect(right.status).toBe(200);
    expect((await store.call("/api/Accounts/profile", { token: right.body.accessToken })).body.role).toBe("manager");

    const second = await signIn(manager);
    const reused = await store.post("/api/admin/auth/verify", { challenge: second.body.challenge, code: code(manager) }, { headers: { "accept-language": "es" } });
    expect(reused.status).toBe(400);
    expect(reused.body.errors.code).toEqual(["Este código ya se ha usado. Espera al siguiente código de tu aplicación."]);
    clock.advance(STEP_MS);
    expect((await store.post("/api/admin/auth/verify", { challenge: second.body.challenge, code: code(manager) })).status).toBe(200);
  });

  it("accepts each recovery code once", async () => {
    const [recovery] = admin.recoveryCodes;
    const first = await signIn(admin);
    const used = await store.post("/api/admin/auth/verify", { challenge: first.body.challenge, code: recovery!.toUpperCase() });
    expect(used.status).toBe(200);
    expect((await auditOf("staff.recovery_code_used")).map((row) => row.actorId)).toContain(admin.userId);
    const again = await signIn(admin);
    const refused = await store.post("/api/admin/auth/verify", { challenge: again.body.challenge, code: recovery });
    expect(refused.status).toBe(400);
    expect(refused.body.errors.code).toEqual(["This recovery code is not right or has already been used."]);
  });

  it("cannot be guessed: five wrong codes end the challenge and the login throttle holds the account", async () => {
    const target = await staffSession(store, "writer");
    const step = await signIn(target);
    const answers: number[] = [];
    for (let i = 0; i < 5; i++) answers.push((await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: wrong(target) })).status);
    expect(answers).toEqual([400, 400, 400, 400, 400]);
    const dead = await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: code(target) });
    expect(dead.body.errors[""]).toEqual(["This sign-in step has expired. Start again with your email and password."]);
    const held = await signIn(target);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});

describe("invitations", () => {
  it("only an admin invites: 401 without a token, 403 for a customer, a writer and a manager", async () => {
    const body = { email: "someone@staff.example", role: "writer" };
    expect((await store.post("/api/admin/staff/invitations", body)).status).toBe(401);
    for (const token of [customer.accessToken, writer.accessToken, manager.accessToken]) {
      expect((await store.post("/api/admin/staff/invitations", body, { token })).status).toBe(403);
    }
    const taken = await store.post("/api/admin/staff/invitations", { email: customer.email, role: "writer" }, { token: admin.accessToken });
    expect(taken.status).toBe(400);
    expect(taken.body.errors.email).toHaveLength(1);
  });

  it("mails a single-use link in the invitation's language; accepting makes the account and asks for enrolment", async () => {
    const email = `invited-${Date.now()}@staff.example`;
    const invited = await store.post("/api/admin/staff/invitations", { email, role: "writer", locale: "es" }, { token: admin.accessToken });
    expect(invited.status).toBe(200);
    expect(invited.body).toMatchObject({ email, role: "writer", invitedBy: admin.email, expiresAt: new Date(clock.now().getTime() + 48 * 3600_000).toISOString() });
    const [mail] = await store.services.mail.list({ to: email });
    expect(mail!.subject).toBe("Te invitan a la administración de Scriptorium");
    const token = /\/es\/admin\/invitation#([\w-]+)/.exec(mail!.text)![1]!;
    expect((await auditOf("staff.invite")).find((row) => row.subjectId === invited.body.id)).toMatchObject({ actorId: admin.userId, after: { email, role: "writer" } });

    expect((await store.post("/api/admin/invitations/lookup", { token })).body).toEqual({ email, role: "writer", expiresAt: invited.body.expiresAt, locale: "es" });
    const accept = { token, firstName: "Rosa", lastName: "Pluma", password: "a-new-writer-password", repeatedPassword: "a-new-writer-password" };
    const accepted = await store.post("/api/admin/invitations/accept", accept);
    expect(accepted.status).toBe(200);
    expect(accepted.body.step).toBe("enrol");
    const enrolled = await store.post("/api/admin/auth/enrol", { challenge: accepted.body.challenge, code: totpCode(accepted.body.enrolment.secret, clock.now().getTime()) });
    expect(enrolled.status).toBe(200);
    expect(enrolled.body.recoveryCodes).toHaveLength(10);
    expect((await store.call("/api/Accounts/profile", { token: enrolled.body.accessToken })).body).toMatchObject({ email, role: "writer", firstName: "Rosa" });

    const again = await store.post("/api/admin/invitations/accept", accept);
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("This invitation has already been used. Sign in instead.");
    expect((await auditOf("staff.accept_invitation")).map((row) => row.after)).toContainEqual({ email, role: "writer" });
  });

  it("expire after 48 hours", async () => {
    const email = `late-${Date.now()}@staff.example`;
    await store.post("/api/admin/staff/invitations", { email, role: "manager" }, { token: admin.accessToken });
    const token = /#([\w-]+)/.exec((await store.services.mail.list({ to: email }))[0]!.text)![1]!;
    clock.advance(48 * 3600_000 + 1000);
    const lookup = await store.post("/api/admin/invitations/lookup", { token });
    expect(lookup.status).toBe(409);
    expect(lookup.body.detail).toBe("This invitation has expired. Ask an admin for a new one.");
    const accepted = await store.post("/api/admin/invitations/accept", { token, firstName: "A", lastName: "B", password: "too-late-password", repeatedPassword: "too-late-password" });
    expect(accepted.status).toBe(409);
    expect((await store.post("/api/admin/invitations/lookup", { token: "unknown" })).status).toBe(404);
  });
});

describe("roles and deactivation", () => {
  it("list staff for an admin only", async () => {
    expect((await store.call("/api/admin/staff")).status).toBe(401);
    expect((await store.call("/api/admin/staff", { token: customer.accessToken })).status).toBe(403);
    expect((await store.call("/api/admin/staff", { token: manager.accessToken })).status).toBe(403);
    const list = await store.call("/api/admin/staff", { token: admin.accessToken });
    expect(list.status).toBe(200);
    expect(list.body.members.find((member: { id: string }) => member.id === writer.userId)).toMatchObject({ role: "writer", enrolled: true, deactivatedAt: null });
  });

  it("a role change ends the person's sign-ins and is audited with before and after", async () => {
    const person = await staffSession(store, "writer");
    expect((await store.post(`/api/admin/staff/${person.userId}/role`, { role: "manager" }, { token: manager.accessToken })).status).toBe(403);
    expect((await store.post(`/api/admin/staff/${admin.userId}/role`, { role: "writer" }, { token: admin.accessToken })).status).toBe(409);
    const changed = await store.post(`/api/admin/staff/${person.userId}/role`, { role: "manager" }, { token: admin.accessToken });
    expect(changed.body).toMatchObject({ id: person.userId, role: "manager" });
    expect((await store.call("/api/Accounts/profile", { token: person.accessToken })).status).toBe(401);
    const [row] = (await auditOf("staff.change_role")).filter((entry) => entry.subjectId === person.userId);
    expect(row).toMatchObject({ actorId: admin.userId, actorRole: "admin", before: { role: "writer" }, after: { role: "manager" }, ip: expect.any(String) });
    expect(row!.ip).not.toBe("");
  });

  it("deactivation ends sign-ins at once and refuses new ones; reactivation gives access back", async () => {
    const person = await staffSession(store, "writer");
    const deactivated = await store.post(`/api/admin/staff/${person.userId}/deactivate`, {}, { token: admin.accessToken });
    expect(deactivated.status).toBe(200);
    expect(deactivated.body.deactivatedAt).toEqual(expect.any(String));
    expect((await store.call("/api/admin/audit?subjectType=order&subjectId=x", { token: person.accessToken })).status).toBe(401);
    expect((await store.post("/api/Accounts/refresh", { refreshToken: person.refreshToken })).status).toBe(401);
    const refused = await signIn(person);
    expect(refused.status).toBe(400);
    expect(refused.body.errors[""]).toEqual(["This staff account has been deactivated. Ask an admin if you need access again."]);
    expect((await auditOf("staff.deactivate")).find((row) => row.subjectId === person.userId)).toMatchObject({ before: { active: true }, after: { active: false } });

    expect((await store.post(`/api/admin/staff/${person.userId}/reactivate`, {}, { token: admin.accessToken })).body.deactivatedAt).toBeNull();
    clock.advance(STEP_MS);
    const step = await signIn(person);
    expect((await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: code(person) })).status).toBe(200);
  });
});
