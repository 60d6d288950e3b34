import path from "node:path";
import SQLite from "better-sqlite3";
import { beforeAll, describe, expect, it } from "vitest";
import { call, orderBody } from "../support/shop";
import { signInStaff, staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open, visitor, watchErrors } from "./storefront-support";

// Issue 26, points 4, 7, 8 and 14 in the browser, in English and Spanish: staff open a delivered file from the order
// page (an image opens as a preview), read the state in staff words and the customer's language, and read the refund
// in the audit log as a sentence linking to the order.
const store = useStore();
const PASSWORD = "correct horse battery staple";
// A 1×1 PNG: the preview tab shows it as an image.
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==", "base64");

let delivered: { id: string; number: string };
let refunded: { id: string; number: string };

async function ok<T = any>(pathname: string, options: Parameters<typeof call>[2] = {}): Promise<T> {
  const answer = await call(store.server.url, pathname, options);
  expect(answer.status, `${pathname}: ${JSON.stringify(answer.body)}`).toBe(200);
  return answer.body as T;
}

beforeAll(async () => {
  const email = `lucia-${Date.now()}@example.com`;
  const tokens = await ok<{ accessToken: string }>("/api/Accounts/register", {
    body: { firstName: "Lucía", lastName: "Tester", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true },
  });
  const { id: userId } = await ok<{ id: string }>("/api/Accounts/profile", { token: tokens.accessToken });
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
  const now = new Date().toISOString();
  db.prepare("insert into balances (user_id, currency, amount, updated_at) values (?, 'EUR', 100000, ?)").run(userId, now);
  db.prepare("insert into ledger_entries (id, user_id, currency, amount, kind, reference, created_at) values (?, ?, 'EUR', 100000, 'deposit', 'e2e', ?)").run(crypto.randomUUID(), userId, now);
  db.close();
  // The customer orders in Spanish.
  const place = () => ok<{ id: string; number: string }>("/api/orders", { token: tokens.accessToken, body: { ...orderBody, email }, headers: { "accept-language": "es" } });
  [delivered, refunded] = [await place(), await place()];

  const { accessToken: manager } = await staffApiToken(store, "manager");
  await ok(`/api/admin/orders/${delivered.id}/deliverables/1/start`, { token: manager, body: {} });
  const form = new FormData();
  form.append("files", new Blob([new Uint8Array(PNG)]), "ranking.png");
  const upload = await fetch(`${store.server.url}/api/admin/orders/${delivered.id}/deliverables/1/versions`, { method: "POST", body: form, headers: { authorization: `Bearer ${manager}` } });
  expect(upload.status, await upload.clone().text()).toBe(200);
  await ok(`/api/admin/orders/${refunded.id}/deliverables/1/cancel`, { token: manager, body: { reason: "The brief changed", refund: 100 } });
});

const WORDS = {
  en: {
    language: "Customer's language: Spanish. Write to them in it.",
    status: "Delivered, awaiting customer review",
    size: "· 70 bytes · opens a preview",
    actionLabel: "Action",
    action: "Order: cancelled (refund)",
    apply: "Apply filters",
    line: (number: string) => `Refunded €100.00 on ${number} and cancelled it`,
  },
  es: {
    language: "Idioma del cliente: español. Escríbele en ese idioma.",
    status: "Entregado, pendiente de revisión del cliente",
    size: "· 70 bytes · se abre una vista previa",
    actionLabel: "Acción",
    action: "Pedido: cancelado (reembolso)",
    apply: "Aplicar filtros",
    line: (number: string) => `Reembolsados 100,00\u00a0€ en ${number} y cancelado`,
  },
} as const;

describe("a manager's day: what was delivered and what happened (issue 26)", () => {
  for (const locale of ["en", "es"] as const) {
    it(`opens a delivered image from the staff order page and reads the refund in the audit log (${locale})`, async () => {
      const words = WORDS[locale];
      const prefix = locale === "es" ? "/es" : "";
      const context = await visitor(store.browser);
      const page = await context.newPage();
      page.setDefaultTimeout(20_000);
      const errors = watchErrors(page);
      await signInStaff(page, store, "admin", { locale });

      await open(page, `${store.server.url}${prefix}/admin/orders/${delivered.number}`);
      await page.getByTestId("customer-locale").getByText(words.language).waitFor();
      await page.getByTestId("deliverable-facts-1").getByText(words.status).waitFor();
      const file = page.getByTestId("staff-version-1-1").getByTestId("staff-file");
      await file.getByText(words.size).waitFor();
      const [preview] = await Promise.all([context.waitForEvent("page"), file.getByRole("link", { name: "ranking.png" }).click()]);
      await preview.waitForURL(/^blob:/);
      await expect.poll(() => preview.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1);
      await preview.close();
      // A middle-click opens the link in a tab of its own, without the page's click handler: it signs in as every tab
      // does and opens the file through a short-lived signed link (the file's API address alone would answer 401).
      const [tab] = await Promise.all([context.waitForEvent("page"), file.getByRole("link", { name: "ranking.png" }).click({ button: "middle" })]);
      await tab.waitForURL(/\/api\/admin\/file-links\/[^?]+\?by=/, { timeout: 20_000 });
      await expect.poll(() => tab.evaluate(() => document.images[0]?.naturalWidth ?? 0)).toBe(1);
      await tab.close();

      await open(page, `${store.server.url}${prefix}/admin/audit`);
      await page.getByLabel(words.actionLabel, { exact: true }).selectOption({ label: words.action });
      await page.getByRole("button", { name: words.apply }).click();
      await page.waitForURL((url) => url.searchParams.get("action") === "order.cancel");
      const line = page.getByTestId("audit-line").filter({ hasText: refunded.number });
      await expect.poll(() => line.first().textContent()).toBe(words.line(refunded.number));
      // Filtered: the other order's start and delivery are not listed.
      await expect.poll(() => page.getByTestId("audit-line").filter({ hasText: delivered.number }).count()).toBe(0);
      await page.getByTestId("audit-table").getByRole("link", { name: refunded.number }).click();
      await page.waitForURL((url) => url.pathname === `${prefix}/admin/orders/${refunded.number}`);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
