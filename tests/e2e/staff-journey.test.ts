import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startFakeSmtpServer, type FakeSmtpServer } from "../../server/modules/mail/fake-smtp-server";
import { signInStaff, totpCode } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor } from "./storefront-support";

// The invitation link's token is blanked out of the stored copy once sent, so the journey reads it where a person
// would: in the delivered mail (a fake SMTP server).
const SMTP_PORT = 21000 + Math.floor(Math.random() * 20000);
let smtp: FakeSmtpServer;
beforeAll(async () => {
  smtp = await startFakeSmtpServer({ port: SMTP_PORT });
});
afterAll(() => smtp?.close());
const store = useStore({ MAIL_TRANSPORT: "smtp", SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}` });

/** The quoted-printable body of a delivered mail, decoded enough to read a link. */
const decoded = (raw: string) => raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

describe("an admin invites a writer", () => {
  it("the writer accepts, sets a password, enrols TOTP and lands in the back office seeing only writer items; all of it is audited", async () => {
    const adminContext = await visitor(store.browser);
    const admin = await adminContext.newPage();
    await signInStaff(admin, store, "admin");
    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Staff" }).click();
    await admin.getByRole("heading", { name: "Staff", level: 1 }).waitFor();
    await admin.getByTestId("open-invitations").or(admin.getByText("No open invitations.")).first().waitFor();
    expect(await seriousViolations(admin)).toEqual([]);

    const email = `writer-${Date.now()}@example.com`;
    await admin.getByLabel("Email").fill(email);
    await admin.getByLabel("Role", { exact: true }).selectOption("writer");
    await admin.getByRole("button", { name: "Send invitation" }).click();
    await admin.getByText(`Invitation sent to ${email}.`).waitFor();
    await admin.getByTestId("open-invitations").getByText(email, { exact: false }).waitFor();

    await expect.poll(() => smtp.received.some((raw) => raw.includes(email)), { timeout: 15_000 }).toBe(true);
    const mail = decoded(smtp.received.find((raw) => raw.includes(email))!);
    const link = /(http:\/\/127\.0\.0\.1:\d+\/admin\/invitation#[\w-]+)/.exec(mail)![1]!;

    const writerContext = await visitor(store.browser);
    const writer = await writerContext.newPage();
    await open(writer, link);
    await writer.getByText(`You are invited as Writer with the email ${email}.`, { exact: false }).waitFor();
    expect(await seriousViolations(writer)).toEqual([]);
    await writer.getByLabel("First name").fill("Rosa");
    await writer.getByLabel("Last name").fill("Pluma");
    await writer.locator("input[name=password]").fill("a-writer-password-2026");
    await writer.getByLabel("Repeat the password").fill("a-writer-password-2026");
    await writer.getByRole("button", { name: "Accept the invitation" }).click();

    await writer.getByRole("heading", { name: "Set up your sign-in code" }).waitFor();
    expect(await writer.getByRole("img", { name: /QR code/ }).getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    expect(await seriousViolations(writer)).toEqual([]);
    const secret = (await writer.getByTestId("totp-secret").textContent())!.trim();
    await writer.getByLabel("Code from the app").fill(totpCode(secret, Date.now()));
    await writer.getByRole("button", { name: "Confirm" }).click();

    await writer.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    expect(await writer.getByTestId("recovery-codes").getByRole("listitem").count()).toBe(10);
    await writer.getByLabel("I have saved my recovery codes").check();
    await writer.getByRole("button", { name: "Go to the back office" }).click();
    await writer.waitForURL(`${store.server.url}/admin`);
    await writer.getByTestId("admin-shell").waitFor();
    expect(await writer.getByTestId("admin-shell").getAttribute("data-role")).toBe("writer");
    const items = await writer.getByRole("navigation", { name: "Back office" }).getByRole("link").allTextContents();
    expect(items.map((text) => text.trim())).toEqual(["Orders", "Support"]);

    // The same link works once.
    const again = await writerContext.newPage();
    await open(again, link);
    await again.getByText("This invitation has already been used. Sign in instead.").waitFor();

    await admin.getByRole("navigation", { name: "Back office" }).getByRole("link", { name: "Audit log" }).click();
    const table = admin.getByTestId("audit-table");
    await table.waitFor();
    // One sentence per entry (the raw action stays in the collapsed change).
    const lines = table.getByTestId("audit-line");
    for (const line of [/^Invited \S+ as /, /^Accepted the invitation as /, /^Set up two-step sign-in$/, /^Signed in$/]) {
      await lines.filter({ hasText: line }).first().waitFor({ timeout: 30_000 });
    }
    expect(await seriousViolations(admin)).toEqual([]);

    // Filtered by the writer's email: only their own actions (accepting, enrolling, the sign-in it completes), and the
    // filter is in the URL.
    const who = admin.getByLabel("Who");
    const writerOption = await who.locator("option", { hasText: email }).getAttribute("value", { timeout: 30_000 });
    await who.selectOption(writerOption ?? "");
    await admin.getByRole("button", { name: "Apply filters" }).click();
    await admin.waitForURL(/actor=/);
    await expect.poll(async () => (await table.locator("tbody tr").count()), { timeout: 15_000 }).toBe(3);
    await adminContext.close();
    await writerContext.close();
  });
});
