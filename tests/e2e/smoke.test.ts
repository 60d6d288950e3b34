import { describe, expect, it } from "vitest";
import { useStore } from "./support/store";

const store = useStore();

describe("first page", () => {
  it("shows the home page in English, then in Spanish with prices", async () => {
    const page = await store.browser.newPage();
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });

    const english = await page.goto(store.server.url + "/");
    expect(english?.status()).toBe(200);
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("en");
    await expect(page.locator("h1").textContent()).resolves.toBe("Words that work for your business");
    await expect(page.getByTestId("price-article-forge").textContent()).resolves.toBe("€149.00");

    await page.goto(store.server.url + "/es");
    await expect(page.locator("html").getAttribute("lang")).resolves.toBe("es");
    await expect(page.locator("h1").textContent()).resolves.toBe("Palabras que trabajan para tu negocio");
    await expect(page.getByTestId("price-investor-and-strategy-suite").textContent()).resolves.toBe("1.590,00\u00a0€");
    expect(errors).toEqual([]);
  });
});
