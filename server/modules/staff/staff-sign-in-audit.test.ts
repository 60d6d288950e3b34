import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { registerCustomer, type TestCustomer } from "../../test/accounts";
import { STAFF_PASSWORD, staffSession, type TestStaff } from "../../test/staff";
import { startTestStore, TEST_REDIS_URL, type TestStore } from "../../test/test-store";
import { totpCode } from "./totp";

const clock = manualClock("2026-11-25T09:00:00.000Z");
let store: TestStore;
let customer: TestCustomer;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  customer = await registerCustomer(store);
});
afterAll(() => store?.close());

const STEP_MS = 30_000;
const EXPIRED = "This sign-in step has expired. Start again with your email and password.";
const code = (staff: TestStaff) => totpCode(staff.totpSecret, clock.now().getTime());
const wrong = (staff: TestStaff) => {
  const now = clock.now().getTime();
  const accepted = [-STEP_MS, 0, STEP_MS].map((drift) => totpCode(staff.totpSecret, now + drift));
  return ["000000", "111111", "222222", "333333"].find((candidate) => !accepted.includes(candidate))!;
};
const signIn = (staff: { email: string }, password = STAFF_PASSWORD) => store.post("/api/admin/auth/sign-in", { email: staff.email, password });
const auditOf = async (action: string, userId: string) => (await store.services.audit.list({ action, subjectType: "staff", subjectId: userId })).items;

describe("a challenge's five attempts under parallel requests", () => {
  it("evaluates at most five of 16 parallel wrong codes; the rest and then the right code are refused alike", async () => {
    const target = await staffSession(store, "writer");
    clock.advance(STEP_MS);
    const step = await signIn(target);
    const answers = await Promise.all(Array.from({ length: 16 }, () => store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: wrong(target) })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(400));
    const evaluated = await auditOf("staff.code_failed", target.userId);
    expect(evaluated.length).toBeGreaterThan(0);
    expect(evaluated.length).toBeLessThanOrEqual(5);
    const refusedUnread = answers.filter((answer) => answer.body.errors[""]);
    expect(refusedUnread.length).toBeGreaterThanOrEqual(11);
    for (const answer of refusedUnread) expect(answer.body.errors[""]).toEqual([EXPIRED]);

    const right = await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: code(target) });
    expect(right.status).toBe(400);
    expect(right.body.errors[""]).toEqual([EXPIRED]);
    // Only the evaluated codes counted in the login throttle: five failures wait 30 s, fifteen would wait 15 min.
    const held = await signIn(target);
    expect(held.status).toBe(429);
    expect(Number(held.headers.get("retry-after"))).toBeLessThanOrEqual(30);
  });

  it("holds with the attempts counted in Redis, as on several instances", async () => {
    const shared = await startTestStore({ REDIS_URL: TEST_REDIS_URL }, { clock });
    try {
      const target = await staffSession(shared, "writer");
      clock.advance(STEP_MS);
      const step = await shared.post("/api/admin/auth/sign-in", { email: target.email, password: STAFF_PASSWORD });
      const answers = await Promise.all(Array.from({ length: 16 }, () => shared.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: wrong(target) })));
      expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(400));
      expect((await shared.services.audit.list({ action: "staff.code_failed", subjectType: "staff", subjectId: target.userId })).items.length).toBeLessThanOrEqual(5);
      expect((await shared.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: code(target) })).body.errors[""]).toEqual([EXPIRED]);
    } finally {
      await shared.close();
    }
  });

  it("the same holds for the enrolment step", async () => {
    const target = await staffSession(store, "writer");
    await store.db.kysely.updateTable("staff_accounts").set({ totp_secret: null, totp_enrolled_at: null }).where("user_id", "=", target.userId).execute();
    const step = await signIn(target);
    expect(step.body.step).toBe("enrol");
    const answers = await Promise.all(Array.from({ length: 16 }, () => store.post("/api/admin/auth/enrol", { challenge: step.body.challenge, code: "000000" })));
    expect(answers.map((answer) => answer.status)).toEqual(Array(16).fill(400));
    expect((await auditOf("staff.code_failed", target.userId)).length).toBeLessThanOrEqual(5);
  });
});

describe("staff sign-ins are audited", () => {
  it("records a sign-in, a wrong password and a wrong code of a staff account with who and from where; not a customer's", async () => {
    const person = await staffSession(store, "manager");
    clock.advance(STEP_MS);
    expect((await signIn(person, "not-the-password")).status).toBe(400);
    const [password] = await auditOf("staff.password_failed", person.userId);
    expect(password).toMatchObject({ actorId: person.userId, actorRole: "manager", subjectType: "staff", at: clock.now().toISOString() });
    expect(password!.ip).toMatch(/127\.0\.0\.1/);

    const step = await signIn(person);
    expect((await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: wrong(person) })).status).toBe(400);
    expect(await auditOf("staff.code_failed", person.userId)).toEqual([expect.objectContaining({ actorId: person.userId, ip: password!.ip, note: "codeWrong" })]);
    const before = (await auditOf("staff.sign_in", person.userId)).length;
    expect((await store.post("/api/admin/auth/verify", { challenge: step.body.challenge, code: code(person) })).status).toBe(200);
    const signIns = await auditOf("staff.sign_in", person.userId);
    expect(signIns).toHaveLength(before + 1);
    expect(signIns[0]).toMatchObject({ actorId: person.userId, actorRole: "manager", ip: password!.ip });

    expect((await signIn(customer, "not-the-password")).status).toBe(400);
    expect(await auditOf("staff.password_failed", customer.userId)).toEqual([]);
  });
});
