import fs from "node:fs";
import path from "node:path";
import SQLite from "better-sqlite3";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { staffApiToken } from "./support/staff";
import { useStore } from "./support/store";
import { open } from "./storefront-support";

const PASSWORD = "correct horse battery staple";
const store = useStore();

async function call(pathname: string, options: { token?: string; body?: unknown; locale?: string } = {}) {
  const headers: Record<string, string> = { "accept-language": options.locale ?? "en" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const response = await fetch(`${store.server.url}${pathname}`, {
    method: options.body === undefined ? "GET" : "POST",
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  expect(response.status, `${pathname}: ${text}`).toBe(200);
  return text ? JSON.parse(text) : undefined;
}

/** Subjects of the mail stored for `to`, oldest first (read from the store's database: production has no mailbox page). */
function subjectsTo(to: string): string[] {
  const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"), { readonly: true });
  try {
    return (db.prepare("select subject from mail_messages where to_address = ? order by created_at").all(to) as Array<{ subject: string }>).map((row) => row.subject);
  } finally {
    db.close();
  }
}

async function download(page: Page, name: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: new RegExp(`^Descargar resultado ${name}`) }).first().click()]);
  return fs.readFileSync(await file.path(), "utf8");
}

describe("the made-to-order lifecycle, in Spanish", () => {
  it("question, answer in the thread, delivery, revision, second delivery, both versions downloaded, accepted; each step mailed in Spanish", async () => {
    const email = `cliente-${Date.now()}@example.com`;
    const { accessToken } = await call("/api/Accounts/register", {
      body: { firstName: "Lucía", lastName: "Pérez", email, country: "ES", password: PASSWORD, repeatedPassword: PASSWORD, agreedToPrivacyPolicy: true },
    });
    const staff = (await staffApiToken(store, "admin")).accessToken;
    const customerId = (await call("/api/Accounts/profile", { token: accessToken })).id as string;
    // Money for the order: an adjustment is back-office work; here a sandbox deposit paid through its page would do the same.
    const db = new SQLite(path.join(store.server.dataDir, "scriptorium.sqlite"));
    db.prepare("insert into balances (user_id, currency, amount, updated_at) values (?, 'EUR', 100000, ?)").run(customerId, new Date().toISOString());
    db.prepare("insert into ledger_entries (id, user_id, currency, amount, kind, reference, created_at) values (?, ?, 'EUR', 100000, 'adjustment', 'e2e', ?)").run(
      crypto.randomUUID(), customerId, new Date().toISOString(),
    );
    db.close();
    const brief = { topic: "Cómo fijar el precio de una tarta", audience: "Pastelerías", tone: "friendly", length: "800", keywords: ["tartas"] };
    const placed = await call("/api/orders", {
      token: accessToken,
      locale: "es",
      body: {
        firstName: "Lucía", lastName: "Pérez", email, businessName: "Pastelería Lucía", country: "ES", city: "Valencia", address1: "Calle de la Paz 7",
        state: "Valencia", zipCode: "46003", agreedToPP_TOS: true, currency: "EUR", orderFormData: [{ productId: "article-forge", brief }],
      },
    });
    const number = placed.number as string;

    await call(`/api/admin/orders/${number}/start`, { token: staff, body: {} });
    await call(`/api/admin/orders/${number}/ask`, { token: staff, body: { message: "¿La tarta es de chocolate o de frutas?" } });

    const context = await store.browser.newContext({ acceptDownloads: true, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    page.setDefaultTimeout(20_000);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    await open(page, `${store.server.url}/es/auth/sign-in?redirect=${encodeURIComponent(`/es/profile/orders/${number}`)}`);
    await page.getByLabel(/^Correo/).fill(email);
    await page.getByLabel(/^Contraseña/).fill(PASSWORD);
    await page.getByRole("button", { name: /^(Iniciar sesión|Entrar)$/ }).click();
    await page.waitForURL((url) => url.pathname === `/es/profile/orders/${number}`);

    // The question waits in the thread; the answer is written there and the order goes back to work.
    await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("Tenemos una pregunta");
    await expect(page.getByTestId("order-messages").textContent()).resolves.toContain("¿La tarta es de chocolate o de frutas?");
    await page.getByLabel(/^Tu respuesta/).fill("De frutas del bosque.");
    await page.getByRole("button", { name: "Enviar respuesta" }).click();
    await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("En curso");

    // Delivered; the customer asks for a revision (rounds left shown) and gets version 2.
    await call(`/api/admin/orders/${number}/deliver`, { token: staff, body: { files: [{ fileName: "tarta-v1.md", contentBase64: Buffer.from("primera versión").toString("base64") }] } });
    await page.reload();
    await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("Entregado: revísalo");
    await expect(page.getByText("Te quedan 2 rondas de revisión").isVisible()).resolves.toBe(true);
    await page.getByLabel(/^¿Qué hay que cambiar/).fill("Más corta, por favor.");
    await page.getByTestId("request-revision").click();
    await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("Revisión pedida");
    await call(`/api/admin/orders/${number}/deliver`, { token: staff, body: { files: [{ fileName: "tarta-v2.md", contentBase64: Buffer.from("segunda versión").toString("base64") }] } });
    await page.reload();
    await page.getByTestId("version-2").waitFor();

    // Both versions download; accepting completes the order.
    expect(await download(page, "tarta-v1.md")).toBe("primera versión");
    expect(await download(page, "tarta-v2.md")).toBe("segunda versión");
    await page.getByTestId("accept-deliverable").click();
    await page.getByTestId("confirm-accept").click();
    await expect.poll(() => page.getByTestId("order-status").first().textContent()).toBe("Completado");
    await expect(page.getByTestId("order-timeline").textContent()).resolves.toContain("Pediste una revisión");

    expect(subjectsTo(email).filter((subject) => subject.includes(number))).toEqual([
      `Pedido ${number} confirmado`,
      `Hemos empezado el pedido ${number}`,
      `Una pregunta sobre el pedido ${number}`,
      `Tu pedido ${number} está listo`,
      `Tu pedido ${number} está listo`,
    ]);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);
});
