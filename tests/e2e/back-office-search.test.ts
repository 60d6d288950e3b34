import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { articleBrief, orderBody } from "../../server/test/orders-test-support";
import { placeOrder, register, topUp } from "../support/shop";
import { signInStaff } from "./support/staff";
import { useStore } from "./support/store";
import { seriousViolations, visitor, watchErrors } from "./storefront-support";

// Issue 26, point 5: the global search box of the back office, opened with "/" or Ctrl+K, finds an order by a word of
// its brief and a customer by a part of their e-mail, in both languages; a writer finds only their own work.
const store = useStore();

const WORDS = {
  en: { box: "Search the back office", orders: "Orders", customers: "Customers", none: "Nothing found" },
  es: { box: "Buscar en la administración", orders: "Pedidos", customers: "Clientes", none: "No hay resultados" },
} as const;

/** A customer with one order whose brief's topic holds a word nobody else uses. */
async function orderWithWord(): Promise<{ number: string; word: string; emailWord: string }> {
  const word = `quokka${randomUUID().replace(/[^a-f]/g, "").slice(0, 8)}`;
  const customer = await register(store.server.url);
  await topUp(store.server.url, customer.accessToken, 200);
  const placed = await placeOrder(store.server.url, customer.accessToken, undefined, orderBody([{ productId: "article-forge", brief: { ...articleBrief, topic: `Travel with a ${word}` } }]));
  expect(placed.status, JSON.stringify(placed.body)).toBe(200);
  // buyer-<12 characters>@cluster.test: the part after "buyer-" is a word of its own.
  return { number: placed.body.number, word, emailWord: customer.email.slice(6, 18) };
}

const box = (page: Page, lang: "en" | "es") => page.getByRole("combobox", { name: WORDS[lang].box });

describe("the back office's global search", () => {
  for (const lang of ["en", "es"] as const) {
    it(`opens with / and Ctrl+K and leads to an order and a customer (${lang})`, async () => {
      const found = await orderWithWord();
      const context = await visitor(store.browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await page.setViewportSize({ width: 1024, height: 768 });
      await signInStaff(page, store, "manager", { locale: lang });
      const prefix = lang === "es" ? "/es" : "";

      await page.keyboard.press("/");
      await expect.poll(() => box(page, lang).evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(found.word);
      const listbox = page.getByRole("listbox");
      const order = listbox.getByRole("group", { name: WORDS[lang].orders }).getByRole("option", { name: new RegExp(found.number) });
      await order.waitFor();
      expect(await box(page, lang).getAttribute("aria-expanded")).toBe("true");
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press("Enter");
      await page.waitForURL(`${store.server.url}${prefix}/admin/orders/${found.number}`);

      await page.keyboard.press("Control+k");
      await expect.poll(() => box(page, lang).evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(found.emailWord);
      const customer = listbox.getByRole("group", { name: WORDS[lang].customers }).getByRole("option").first();
      await customer.waitFor();
      await customer.click();
      await page.waitForURL(new RegExp(`${prefix}/admin/customers/[0-9a-f-]{36}$`));
      expect(errors).toEqual([]);
      await context.close();
    });
  }

  it("shows a writer nothing of work that is not theirs", async () => {
    const found = await orderWithWord();
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await signInStaff(page, store, "writer");
    await page.keyboard.press("Control+k");
    await page.keyboard.type(found.word);
    await page.getByText(`${WORDS.en.none} for “${found.word}”.`).first().waitFor();
    expect(await page.getByRole("listbox").getByRole("option").count()).toBe(0);
    await context.close();
  });
});
