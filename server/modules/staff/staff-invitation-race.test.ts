import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { staffSession, type TestStaff } from "../../test/staff";
import { startTestStore, type TestStore } from "../../test/test-store";

const clock = manualClock("2026-11-25T09:00:00.000Z");
let store: TestStore;
let admin: TestStaff;

beforeAll(async () => {
  store = await startTestStore({}, { clock });
  admin = await staffSession(store, "admin");
});
afterAll(() => store?.close());

describe("one invitation accepted from several tabs at once", () => {
  it("makes one account: one 200, the other seven the used-invitation 409, no 500", async () => {
    const email = `race-${Date.now()}@staff.example`;
    expect((await store.post("/api/admin/staff/invitations", { email, role: "writer" }, { token: admin.accessToken })).status).toBe(200);
    const token = /#([\w-]+)/.exec((await store.services.mail.list({ to: email }))[0]!.text)![1]!;
    const accept = { token, firstName: "Ana", lastName: "Tinta", password: "a-new-writer-password", repeatedPassword: "a-new-writer-password" };
    const answers = await Promise.all(Array.from({ length: 8 }, () => store.post("/api/admin/invitations/accept", accept)));
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    for (const answer of answers.filter((each) => each.status === 409)) expect(answer.body.detail).toBe("This invitation has already been used. Sign in instead.");
    const accounts = await store.db.kysely.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(accounts).toHaveLength(1);
    const invitation = await store.db.kysely.selectFrom("staff_invitations").select(["accepted_by", "accepted_at"]).where("email", "=", email).executeTakeFirstOrThrow();
    expect(invitation).toEqual({ accepted_by: accounts[0]!.id, accepted_at: clock.now().toISOString() });
  });
});
