import { readFile } from "node:fs/promises";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hashPassword } from "../../server/modules/accounts/passwords";
import { call } from "../support/shop";
import { backOfficeTab, queueRows, tenDeliverables } from "./support/back-office";
import { createStaff, type E2eStaff, STAFF_PASSWORD, totpCode } from "./support/staff";
import { useStore } from "./support/store";
import { E2E_WAIT_MS } from "./support/waits";
import { open, seriousViolations, visitor } from "./storefront-support";

// Issue 26, points 1, 2 and 9, as a manager's morning in both languages: ten deliverables picked and given to a writer
// in one action (and exported), that writer deactivated with their open work handed over (to a colleague in English,
// to the pool in Spanish), a role change that waits for its confirmation, invitations sent again and revoked.
const store = useStore();

const LANGUAGES = [
  {
    locale: "en" as const,
    prefix: "",
    pickAll: "Pick every row on this page",
    picked: "10 rows picked",
    giveTo: "Give the picked rows to",
    assign: "Assign picked rows",
    exportPicked: "Export picked rows (CSV)",
    assigned: "10 deliverables assigned, 0 not.",
    deactivate: "Deactivate",
    holds: "They hold 10 open deliverables.",
    handTo: "Hand their open work to",
    confirmHandOver: "Deactivate and hand over",
    handed: "were handed over",
    roleOf: "Role of",
    roleTitle: "Change the role of",
    roleText: "goes from Writer to Manager",
    changeRole: "Change role",
    cancel: "Cancel",
    resend: "Send again",
    revoke: "Revoke",
    resent: "was sent again with a new link",
    revoked: "was revoked",
  },
  {
    locale: "es" as const,
    prefix: "/es",
    pickAll: "Elegir todas las filas de esta página",
    picked: "10 filas elegidas",
    giveTo: "Dar las filas elegidas a",
    assign: "Asignar las filas elegidas",
    exportPicked: "Exportar las filas elegidas (CSV)",
    assigned: "10 entregas asignadas, 0 no.",
    deactivate: "Desactivar",
    holds: "Tiene 10 entregas abiertas.",
    handTo: "Traspasar su trabajo abierto a",
    confirmHandOver: "Desactivar y traspasar",
    handed: "se traspasaron",
    roleOf: "Rol de",
    roleTitle: "¿Cambiar el rol de",
    roleText: "pasa de Redactor a Responsable",
    changeRole: "Cambiar el rol",
    cancel: "Cancelar",
    resend: "Enviar de nuevo",
    revoke: "Revocar",
    resent: "se envió de nuevo con un enlace nuevo",
    revoked: "se revocó",
  },
];
type Language = (typeof LANGUAGES)[number];

/** The queue's row count, once the page has settled on `url`. */
const rowsAt = queueRows;

/** Point 2: every row of the page picked, exported as CSV, then given to `writer` in one action. */
async function bulkAssign(page: Page, lang: Language, writer: E2eStaff, numbers: string[]): Promise<void> {
  const queue = `${store.server.url}${lang.prefix}/admin/orders?writer=none&status=paid`;
  expect(await rowsAt(page, queue)).toBe(10);
  await page.getByRole("checkbox", { name: lang.pickAll }).check();
  await page.getByTestId("bulk-bar").getByText(lang.picked).waitFor();
  expect(await seriousViolations(page)).toEqual([]);

  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: lang.exportPicked }).click()]);
  const csv = await readFile((await download.path())!, "utf8");
  const lines = csv.trim().split("\n").slice(1);
  expect(lines).toHaveLength(10);
  expect(new Set(lines.map((line) => line.split(",")[0]))).toEqual(new Set(numbers));

  await page.getByLabel(lang.giveTo).selectOption(writer.userId);
  await page.getByRole("button", { name: lang.assign }).click();
  await page.getByTestId("bulk-outcome").getByText(lang.assigned).waitFor();
  await expect.poll(() => page.getByTestId("queue-row").count(), { timeout: E2E_WAIT_MS }).toBe(0);
  expect(await rowsAt(page, `${store.server.url}${lang.prefix}/admin/orders?writer=${writer.userId}`)).toBe(10);
}

/** Point 1: the deactivation names the ten open deliverables and hands them to `taker` (or to the pool). */
async function deactivateAndHandOver(page: Page, lang: Language, leaving: E2eStaff, taker: E2eStaff | null): Promise<void> {
  await open(page, `${store.server.url}${lang.prefix}/admin/staff`);
  await page.getByTestId(`staff-${leaving.email}`).getByRole("button", { name: lang.deactivate }).click();
  const dialog = page.getByTestId("deactivate-dialog");
  await dialog.getByText(lang.holds, { exact: false }).waitFor();
  expect(await dialog.getByTestId("open-work").getByRole("listitem").count()).toBe(10);
  expect(await seriousViolations(page)).toEqual([]);
  if (taker) await dialog.getByLabel(lang.handTo).selectOption(taker.userId);
  await dialog.getByRole("button", { name: lang.confirmHandOver }).click();
  await page.getByText(lang.handed, { exact: false }).waitFor();
  const target = taker ? `writer=${taker.userId}` : "writer=none&status=paid";
  expect(await rowsAt(page, `${store.server.url}${lang.prefix}/admin/orders?${target}`)).toBe(10);
  expect(await rowsAt(page, `${store.server.url}${lang.prefix}/admin/orders?writer=${leaving.userId}`)).toBe(0);
}

/** Point 9: a role picked in the dropdown is saved only after the dialog naming the person and both roles. */
async function confirmRoleChange(page: Page, lang: Language, person: E2eStaff, token: string): Promise<void> {
  await open(page, `${store.server.url}${lang.prefix}/admin/staff`);
  const role = page.getByTestId(`staff-${person.email}`).getByLabel(lang.roleOf, { exact: false });
  const roleNow = async () => (await call(store.server.url, "/api/admin/staff", { token })).body.members.find((member: { id: string }) => member.id === person.userId).role;
  await role.selectOption("manager");
  const dialog = page.getByRole("dialog", { name: new RegExp(`^${lang.roleTitle.replace("?", "\\?")}`) });
  await dialog.getByText(lang.roleText, { exact: false }).waitFor();
  expect(await roleNow()).toBe("writer");
  await dialog.getByRole("button", { name: lang.cancel }).click();
  await expect.poll(() => role.inputValue()).toBe("writer");
  expect(await roleNow()).toBe("writer");
  await role.selectOption("manager");
  await dialog.getByRole("button", { name: lang.changeRole }).click();
  await expect.poll(roleNow, { timeout: E2E_WAIT_MS }).toBe("manager");
}

/** Point 9: an open invitation sent again, then revoked. */
async function resendAndRevoke(page: Page, lang: Language, token: string): Promise<void> {
  const email = `invited-${lang.locale}-${Date.now()}@example.com`;
  const invited = await call(store.server.url, "/api/admin/staff/invitations", { token, body: { email, role: "writer", locale: lang.locale } });
  expect(invited.status).toBe(200);
  await open(page, `${store.server.url}${lang.prefix}/admin/staff`);
  const line = page.getByTestId("open-invitations").getByRole("listitem").filter({ hasText: email });
  await line.getByRole("button", { name: lang.resend }).click();
  await page.getByText(lang.resent, { exact: false }).waitFor();
  await line.getByRole("button", { name: lang.revoke }).click();
  await page.getByText(lang.revoked, { exact: false }).waitFor();
  await expect.poll(() => line.count()).toBe(0);
}

/** Ten deliverables to place and assign, a queue and a staff screen to load: a long journey on a shared machine. */
const JOURNEY_MS = 150_000;

describe("a manager's morning in the back office", () => {
  for (const lang of LANGUAGES) {
    it(`bulk-assigns ten deliverables, then hands a deactivated writer's work over (${lang.locale})`, async () => {
      const { numbers } = await tenDeliverables(store);
      const [leaving, taker] = [await createStaff(store, "writer"), await createStaff(store, "writer")];
      const { context, page, errors } = await backOfficeTab(store, lang.locale);
      await bulkAssign(page, lang, leaving, numbers);
      await deactivateAndHandOver(page, lang, leaving, lang.locale === "en" ? taker : null);
      expect(errors).toEqual([]);
      await context.close();
    }, JOURNEY_MS);

    it(`confirms a role change before saving it, and sends again or revokes an invitation (${lang.locale})`, async () => {
      const colleague = await createStaff(store, "writer");
      const { context, page, errors, token } = await backOfficeTab(store, lang.locale);
      await confirmRoleChange(page, lang, colleague, token);
      await resendAndRevoke(page, lang, token);
      expect(errors).toEqual([]);
      await context.close();
    }, JOURNEY_MS);
  }
});

describe("recovery codes at enrolment", () => {
  it("are copied to the clipboard and downloaded as a .txt file", async () => {
    const email = `enrolling-${Date.now()}@staff.example`;
    const at = new Date().toISOString();
    const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
    db.prepare(
      `insert into users (id, email, first_name, last_name, country, company, city, zip_code, address, password_hash, role, created_at, updated_at)
       values (?, ?, 'Eva', 'Nueva', 'ES', '', '', '', '', ?, 'writer', ?, ?)`,
    ).run(crypto.randomUUID(), email, await hashPassword(STAFF_PASSWORD), at, at);
    db.close();
    const context = await visitor(store.browser);
    await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: store.server.url });
    const page = await context.newPage();
    page.setDefaultTimeout(E2E_WAIT_MS);
    await open(page, `${store.server.url}/admin/sign-in`);
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(STAFF_PASSWORD);
    await page.locator("form button[type=submit]").click();
    const secret = (await page.getByTestId("totp-secret").textContent())!.trim();
    await page.locator("input[name=code]").fill(totpCode(secret, Date.now()));
    await page.locator("form button[type=submit]").click();
    await page.getByRole("heading", { name: "Your recovery codes" }).waitFor();
    const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((code) => code.trim());
    expect(codes).toHaveLength(10);

    await page.getByRole("button", { name: "Copy the codes" }).click();
    await page.getByTestId("recovery-status").getByText("The codes were copied.").waitFor();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    for (const code of codes) expect(copied).toContain(code);

    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Download as a .txt file" }).click()]);
    expect(download.suggestedFilename()).toBe("scriptorium-recovery-codes.txt");
    const text = await readFile((await download.path())!, "utf8");
    expect(text.trim().split("\n").slice(-10)).toEqual(codes);
    await context.close();
  });
});
