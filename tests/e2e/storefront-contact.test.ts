import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";
import { open, visitor } from "./storefront-support";

// A server of its own: these tests spend the support form's rate limit (5 per 10 minutes per address).
const store = useStore();

describe("contact form", () => {
  it("checks fields before sending, shows the server's field errors, confirms success and reports 429", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/contact-us");
    const form = page.getByTestId("contact-form");
    const email = page.getByLabel("Your email address");
    const message = page.getByLabel("How can we help?");
    const send = page.getByRole("button", { name: "Send message" });

    // Client-side checks: nothing is sent.
    await message.fill("Short");
    await send.click();
    await expect.poll(() => form.getByTestId("error-headline").textContent()).toMatch(/^\d+ fields? needs? your attention$/);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator(`#${await email.getAttribute("aria-describedby").then((ids) => ids!.split(" ").at(-1))}`).textContent()).toBe(
      "This field is required.",
    );

    // The browser checks with the server's schema and words: an unfinished address is refused at the field.
    await email.fill("ann@example.c");
    await message.fill("I would like to know how revisions work for the Investor Deck.");
    await send.click();
    await expect.poll(() => form.getByTestId("error-headline").textContent()).toMatch(/^\d+ fields? needs? your attention$/);
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await message.getAttribute("aria-invalid")).toBeNull();

    // Success: a clear confirmation, the form emptied.
    await email.fill("ann@example.com");
    await send.click();
    await expect.poll(() => form.getByRole("status").textContent()).toContain("your message has reached us");
    expect(await email.inputValue()).toBe("");

    // Spend the rest of the limit, then the form says 'Too many requests.'
    for (let sent = 0; sent < 5; sent++) {
      const answer = await fetch(store.server.url + "/api/support/create-ticket", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "bob@example.com", description: "Another question about my order." }),
      });
      if (answer.status === 429) break;
    }
    await email.fill("ann@example.com");
    await message.fill("One more question about bundles and balances.");
    await send.click();
    await expect.poll(() => form.getByRole("alert").textContent()).toBe("Too many requests.");
    expect(await send.isEnabled()).toBe(true);
    await context.close();
  });

  it("says it in Spanish on the Spanish page", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, store.server.url + "/es/contact-us");
    await page.getByRole("button", { name: "Enviar mensaje" }).click();
    await expect.poll(() => page.getByTestId("error-headline").textContent()).toBe("2 campos necesitan tu atención");
    // Both fields are blank: each says so, in the shared validation wording.
    expect(await page.locator('[id$="-error"]', { hasText: "Este campo es obligatorio." }).count()).toBe(2);
    // …and the error summary links to both, each named by its label.
    expect(await page.getByTestId("error-summary").getByRole("link", { name: /^El campo «.+» es obligatorio$/ }).count()).toBe(2);
    await context.close();
  });
});
