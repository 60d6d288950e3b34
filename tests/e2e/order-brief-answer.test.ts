import path from "node:path";
import SQLite from "better-sqlite3";
import { expect, it } from "vitest";
import { staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open } from "./storefront-support";

const PASSWORD = "correct horse battery staple";
const store = useStore();

async function call(pathname: string, body: unknown, token?: string) {
  const response = await fetch(`${store.server.url}${pathname}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBe(200);
  return JSON.parse(text);
}

it("a customer answers a question by correcting the brief on a phone: a bad value is shown at its field, the saved brief resumes the order", async () => {
  const email = `brief-${Date.now()}@example.com`;
  const { accessToken, refreshToken } = await call("/api/Accounts/register", {
    firstName: "Ada", lastName: "Lovelace", email, country: "GB", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true,
  });
  const { accessToken: staff } = await staffApiToken(store, "writer");
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
  const customerId = (db.prepare("select id from users where email = ?").get(email) as { id: string }).id;
  db.prepare("insert into balances (user_id, currency, amount, updated_at) values (?, 'EUR', 100000, ?)").run(customerId, new Date().toISOString());
  db.prepare("insert into ledger_entries (id, user_id, currency, amount, kind, reference, created_at) values (?, ?, 'EUR', 100000, 'adjustment', 'e2e', ?)").run(
    crypto.randomUUID(), customerId, new Date().toISOString(),
  );
  db.close();
  const brief = { topic: "How to price a birthday cake", audience: "Home bakers", tone: "friendly", length: "800", keywords: ["cakes"] };
  const { number } = await call("/api/orders", {
    firstName: "Ada", lastName: "Lovelace", email, businessName: "", country: "GB", city: "London", address1: "1 Baker Street",
    state: "", zipCode: "NW1 6XE", agreedToPP_TOS: true, currency: "EUR", orderFormData: [{ productId: "article-forge", brief }],
  }, accessToken);
  await call(`/api/admin/orders/${number}/start`, {}, staff);
  await call(`/api/admin/orders/${number}/ask`, { message: "Did you mean a long guide rather than 800 words?" }, staff);

  const context = await store.browser.newContext({ viewport: { width: 375, height: 812 } });
  await context.addInitScript((pair) => {
    window.localStorage.setItem("rememberMe", "true");
    window.localStorage.setItem("jwtToken", pair.accessToken);
    window.localStorage.setItem("refreshToken", pair.refreshToken);
  }, { accessToken, refreshToken });
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await open(page, `${store.server.url}/profile/orders/${number}`);
  await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("Question for you");

  await page.getByTestId("edit-brief-0").click();
  // Prefilled with what was ordered; an empty topic is refused at its field and nothing changes.
  await expect(page.getByLabel(/^Topic/).inputValue()).resolves.toBe(brief.topic);
  await page.getByLabel(/^Topic/).fill("");
  await page.getByTestId("save-brief-0").click();
  await expect.poll(() => page.getByLabel(/^Topic/).getAttribute("aria-invalid")).toBe("true");
  await page.getByLabel(/^Topic/).fill("How to price a birthday cake, the long guide");
  await page.getByLabel(/^Length/).selectOption("2500");
  await page.getByTestId("save-brief-0").click();

  await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("In progress");
  const briefs = page.locator("section[aria-labelledby='order-briefs']");
  await expect(briefs.textContent()).resolves.toContain("About 2,500 words");
  await expect(briefs.textContent()).resolves.toContain("the long guide");
  expect(await page.getByTestId("edit-brief-0").count()).toBe(0);
  expect(errors).toEqual([]);
  await context.close();
});
