import { describe, expect, it } from "vitest";
import { signInStaff } from "./support/staff";
import { useStore } from "./support/store";
import { open, seriousViolations, visitor } from "./storefront-support";

const store = useStore();
const ALL_ITEMS = ["Dashboard", "Orders", "Support", "Customers", "Promotion codes", "Catalog", "Staff", "Audit log"];

async function menu(page: import("playwright-core").Page): Promise<string[]> {
  return (await page.getByRole("navigation", { name: "Back office" }).getByRole("link").allTextContents()).map((text) => text.trim());
}

describe("the back office shell", () => {
  it("asks a visitor to sign in, and tells a customer it is for staff only, in both languages", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await open(page, `${store.server.url}/admin`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Staff sign-in required");
    expect(await page.getByTestId("admin-sign-in").getAttribute("href")).toBe("/admin/sign-in?redirect=%2Fadmin");
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId("admin-sign-in").click();
    await page.getByRole("heading", { level: 1, name: "Staff sign-in" }).waitFor();
    await page.getByRole("button", { name: "Continue" }).click();
    await page.getByText("Enter your email.", { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    const email = `buyer-${Date.now()}@example.com`;
    const password = "correct horse battery staple";
    const registered = await fetch(`${store.server.url}/api/Accounts/register`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ firstName: "Ana", lastName: "Buyer", email, country: "ES", password, repeatedPassword: password, agreedToPrivacyPolicy: true }),
    });
    expect(registered.status).toBe(200);
    await open(page, `${store.server.url}/es/auth/sign-in?redirect=%2Fes%2Fadmin`);
    await page.locator("input[name=email]").fill(email);
    await page.locator("input[name=password]").fill(password);
    await page.locator("form button[type=submit]").click();
    await page.waitForURL(`${store.server.url}/es/admin`);
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent()).toBe("Acceso no permitido");
    expect(await page.getByRole("navigation", { name: "Administración" }).count()).toBe(0);
    await context.close();
  });

  it("shows each role only the items it may use", async () => {
    const expected = { writer: ["Orders", "Support"], manager: ["Dashboard", "Orders", "Support", "Customers", "Promotion codes"], admin: ALL_ITEMS } as const;
    for (const role of ["writer", "manager", "admin"] as const) {
      const context = await visitor(store.browser);
      const page = await context.newPage();
      await signInStaff(page, store, role);
      expect(await menu(page)).toEqual(expected[role]);
      if (role === "admin") expect(await seriousViolations(page)).toEqual([]);
      await context.close();
    }
  });

  it("is usable on a tablet, in Spanish", async () => {
    const context = await visitor(store.browser);
    const page = await context.newPage();
    await page.setViewportSize({ width: 768, height: 1024 });
    await signInStaff(page, store, "manager", { locale: "es" });
    const links = await page.getByRole("navigation", { name: "Administración" }).getByRole("link").allTextContents();
    expect(links).toEqual(["Panel", "Pedidos", "Soporte", "Clientes", "Códigos promocionales"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(768);
    await context.close();
  });
});
