import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { call, placeOrder, register, topUp } from "../support/shop";
import { signInStaff } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor, watchErrors } from "./storefront-support";

// Issue 26, point 11: nobody was told about new work. A manager sees a bell with their unread count, the list of what
// happened (newest first, each leading to its order), marks one and then all read, and chooses what they get.
const store = useStore();

const LANGUAGES = [
  {
    locale: "en" as const,
    prefix: "",
    title: "Notifications",
    newWork: "New order waiting for a writer:",
    markRead: "Mark read",
    markAll: "Mark all read",
    settings: "Settings",
    newWorkSetting: "New orders waiting for a writer",
    off: "Off",
    frequency: "Mail digest",
    hourly: "Every hour",
    save: "Save settings",
    saved: "Settings saved.",
  },
  {
    locale: "es" as const,
    prefix: "/es",
    title: "Notificaciones",
    newWork: "Pedido nuevo esperando redactor:",
    markRead: "Marcar como leída",
    markAll: "Marcar todas como leídas",
    settings: "Ajustes",
    newWorkSetting: "Pedidos nuevos esperando redactor",
    off: "Desactivado",
    frequency: "Resumen por correo",
    hourly: "Cada hora",
    save: "Guardar ajustes",
    saved: "Ajustes guardados.",
  },
];

const badge = (page: Page) => page.getByTestId("notification-count");
// One look that never waits: counting and then reading the text raced the badge leaving between the two, and the text
// read then waited for a badge that was gone for good (the poll hung until its deadline).
const badgeText = async (page: Page) => (await badge(page).allTextContents())[0] ?? null;

describe("the back office's notification centre", () => {
  for (const words of LANGUAGES) {
    it(`shows new orders behind the bell, marks them read and saves the person's choices (${words.locale})`, async () => {
      const context = await visitor(store.browser);
      const page = await context.newPage();
      const errors = watchErrors(page);
      await signInStaff(page, store, "manager", { locale: words.locale });

      const buyer = await register(store.server.url);
      await topUp(store.server.url, buyer.accessToken, 500);
      const numbers: string[] = [];
      for (let i = 0; i < 2; i++) {
        const placed = await placeOrder(store.server.url, buyer.accessToken);
        expect(placed.status, JSON.stringify(placed.body)).toBe(200);
        numbers.push(placed.body.number as string);
      }

      await page.getByTestId("notification-bell").click();
      await page.waitForURL(`${store.server.url}${words.prefix}/admin/notifications`);
      await page.getByRole("heading", { level: 1, name: words.title }).waitFor();
      await expect.poll(() => badgeText(page)).toBe("2");
      const rows = page.getByTestId("notification");
      await expect.poll(() => rows.count()).toBe(2);
      // Newest first.
      expect(await rows.nth(0).textContent()).toContain(`${words.newWork} ${numbers[1]}`);
      expect(await rows.nth(1).textContent()).toContain(`${words.newWork} ${numbers[0]}`);
      expect(await seriousViolations(page)).toEqual([]);

      await rows.nth(0).getByRole("button", { name: words.markRead }).click();
      await expect.poll(() => badgeText(page)).toBe("1");
      await expect.poll(() => rows.nth(0).getAttribute("data-unread")).toBe("false");
      await page.getByRole("button", { name: words.markAll }).click();
      await expect.poll(() => badgeText(page)).toBeNull();
      await expect.poll(() => page.locator("[data-testid=notification][data-unread=true]").count()).toBe(0);

      await rows.nth(1).getByRole("link").click();
      await page.waitForURL(`${store.server.url}${words.prefix}/admin/orders/${numbers[0]}`);

      await open(page, `${store.server.url}${words.prefix}/admin/notifications`);
      await page.getByRole("link", { name: words.settings, exact: true }).click();
      await page.waitForURL(`${store.server.url}${words.prefix}/admin/notifications/settings`);
      await page.getByLabel(words.newWorkSetting).selectOption({ label: words.off });
      await page.getByLabel(words.frequency).selectOption({ label: words.hourly });
      await page.getByRole("button", { name: words.save }).click();
      await page.getByText(words.saved, { exact: true }).waitFor();
      await page.reload();
      await expect.poll(() => page.getByLabel(words.newWorkSetting).inputValue()).toBe("off");
      expect(await page.getByLabel(words.frequency).inputValue()).toBe("hourly");
      expect(await seriousViolations(page)).toEqual([]);

      // Off means not even in the centre: the next order adds nothing to this person's list.
      const later = await placeOrder(store.server.url, buyer.accessToken);
      expect(later.status).toBe(200);
      const token = await page.evaluate(() => sessionStorage.getItem("jwtToken") ?? localStorage.getItem("jwtToken"));
      const mine = await call(store.server.url, "/api/admin/notifications", { token: token ?? "" });
      expect(mine.body.items.map((item: { orderNumber: string }) => item.orderNumber)).toEqual([numbers[1], numbers[0]]);
      expect(errors).toEqual([]);
      await context.close();
    });
  }
});
