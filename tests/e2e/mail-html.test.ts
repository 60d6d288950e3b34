import { describe, expect, it } from "vitest";
import { seriousViolations, visitor } from "./storefront-support";
import { useStore } from "./support/store";

// The try-out store keeps mail in its outbox and shows it at /dev/mailbox; the footer's address comes from SELLER_ADDRESS.
const store = useStore({ TRY_OUT: "true", SELLER_ADDRESS: "Scriptorium SL|Calle Mayor 1|28013 Madrid" });

async function registerInSpanish(): Promise<string> {
  const email = `mail.${Date.now()}@example.com`;
  const password = "a quiet river at dawn";
  const answer = await fetch(`${store.server.url}/api/Accounts/register`, {
    method: "POST",
    headers: { "content-type": "application/json", "accept-language": "es" },
    body: JSON.stringify({ firstName: "Lucía", lastName: "Gómez", email, country: "ES", password, repeatedPassword: password, agreedToPrivacyPolicy: true }),
  });
  expect(answer.status).toBe(200);
  return email;
}

describe("mail as HTML", () => {
  it("shows the welcome mail's HTML part in the development mailbox, in Spanish, with the store's address and a link in Spanish", async () => {
    const email = await registerInSpanish();
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await page.goto(`${store.server.url}/dev/mailbox?to=${encodeURIComponent(email)}`);
    const mail = page.frameLocator("iframe").first();
    await expect.poll(() => mail.locator("body").textContent()).toContain("Hola, Lucía:");
    expect(await mail.locator("body").textContent()).toContain("Calle Mayor 1");
    expect(await mail.getByRole("link", { name: "Iniciar sesión" }).getAttribute("href")).toBe(`${store.server.url}/es/auth/sign-in`);
    await context.close();
  });

  it("is a mail axe finds no serious or critical violation in", async () => {
    const email = await registerInSpanish();
    const [sent] = (await (await fetch(`${store.server.url}/dev/mailbox.json?to=${encodeURIComponent(email)}`)).json()) as Array<{ id: string }>;
    const html = await (await fetch(`${store.server.url}/dev/mailbox/${sent!.id}/html`)).text();
    // As a mail client shows it: the HTML alone, no store page around it.
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await page.setContent(html);
    expect(await page.title()).toBe("Te damos la bienvenida a Scriptorium");
    expect(await seriousViolations(page)).toEqual([]);
    await context.close();
  });
});
