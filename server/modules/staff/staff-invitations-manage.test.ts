import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { staffSession, type TestStaff } from "../../test/staff";
import { startTestStore, type TestStore } from "../../test/test-store";

// Issue 26, point 9: an admin revokes an open invitation or sends it again with a new link.
const clock = manualClock("2026-11-23T09:00:00.000Z");
let store: TestStore;
let admin: TestStaff;
let manager: TestStaff;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  [admin, manager] = await Promise.all([staffSession(store, "admin"), staffSession(store, "manager")]);
});
afterAll(() => store?.close());

const invite = async (email: string, locale: "en" | "es" = "en") => {
  const invited = await store.post("/api/admin/staff/invitations", { email, role: "writer", locale }, { token: admin.accessToken });
  expect(invited.status).toBe(200);
  return invited.body as { id: string; expiresAt: string };
};
/** The link's token of the newest invitation mail to `email`. */
const tokenOf = async (email: string) => /#([\w-]+)/.exec((await store.services.mail.list({ to: email }))[0]!.text)![1]!;
const lookup = (token: string) => store.post("/api/admin/invitations/lookup", { token });
const auditOf = async (action: string) => (await store.services.audit.list({ action })).items;
const openIds = async () => (await store.call("/api/admin/staff", { token: admin.accessToken })).body.invitations.map((row: { id: string }) => row.id);

describe("open invitations", () => {
  it("are sent again with a new link and a full 48 hours; the old link stops working", async () => {
    const email = `again-${Date.now()}@staff.example`;
    const first = await invite(email, "es");
    const oldToken = await tokenOf(email);
    clock.advance(24 * 3600_000);
    const again = await store.post(`/api/admin/staff/invitations/${first.id}/resend`, undefined, { token: admin.accessToken });
    expect(again.status, JSON.stringify(again.body)).toBe(200);
    expect(again.body).toMatchObject({ id: first.id, email, expiresAt: new Date(clock.now().getTime() + 48 * 3600_000).toISOString() });
    const mails = await store.services.mail.list({ to: email });
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe("Te invitan a la administración de Scriptorium");
    const newToken = await tokenOf(email);
    expect(newToken).not.toBe(oldToken);
    expect((await lookup(oldToken)).status).toBe(404);
    expect((await lookup(newToken)).body).toMatchObject({ email, role: "writer" });
    expect((await auditOf("staff.resend_invitation")).find((row) => row.subjectId === first.id)).toMatchObject({ actorId: admin.userId });
  });

  it("are revoked: the link no longer works, the list no longer shows it, and it cannot be revoked or sent again", async () => {
    const email = `revoked-${Date.now()}@staff.example`;
    const invited = await invite(email);
    const token = await tokenOf(email);
    expect(await openIds()).toContain(invited.id);
    const revoked = await store.post(`/api/admin/staff/invitations/${invited.id}/revoke`, undefined, { token: admin.accessToken });
    expect(revoked.status, JSON.stringify(revoked.body)).toBe(200);
    expect(revoked.body.invitations.map((row: { id: string }) => row.id)).not.toContain(invited.id);
    expect(await openIds()).not.toContain(invited.id);
    expect((await lookup(token)).status).toBe(409);
    const accepted = await store.post("/api/admin/invitations/accept", { token, firstName: "A", lastName: "B", password: "revoked-password", repeatedPassword: "revoked-password" });
    expect(accepted.status).toBe(409);
    for (const path of ["revoke", "resend"]) {
      const closed = await store.post(`/api/admin/staff/invitations/${invited.id}/${path}`, undefined, { token: admin.accessToken, headers: { "accept-language": "es" } });
      expect(closed.status).toBe(409);
      expect(closed.body.detail).toBe("Esta invitación ya no está abierta: se usó, se revocó o ha caducado.");
    }
    expect((await auditOf("staff.revoke_invitation")).find((row) => row.subjectId === invited.id)).toMatchObject({ actorId: admin.userId, after: { expiresAt: clock.now().toISOString() } });
  });

  it("are managed by admins only; an unknown one is a 404", async () => {
    const invited = await invite(`admins-${Date.now()}@staff.example`);
    for (const path of ["revoke", "resend"]) {
      expect((await store.post(`/api/admin/staff/invitations/${invited.id}/${path}`, undefined, { token: manager.accessToken })).status).toBe(403);
      expect((await store.post(`/api/admin/staff/invitations/${invited.id}/${path}`, undefined)).status).toBe(401);
      expect((await store.post(`/api/admin/staff/invitations/00000000-0000-4000-8000-000000000000/${path}`, undefined, { token: admin.accessToken })).status).toBe(404);
    }
    expect(await openIds()).toContain(invited.id);
  });
});
