import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageContext } from "../../common/page-context";
import type { PromiseSource } from "../../content/promises";
import { BUNDLES, SERVICES } from "../../content/catalog";
import { pageContext } from "~/page-context";
import { loader as aboutUs } from "./about-us";
import { loader as bundlePage } from "./bundle";
import { loader as servicePage } from "./service";
import { loader as termsOfService } from "./terms-of-service";

/** A store whose staff set Article Forge to 4 rounds of 6 business days each, and whose review window is 5 days. */
const changed: PromiseSource = {
  terms: {
    "article-forge": { turnaroundDays: 3, revisionRounds: 4, revisionDays: 6 },
    "growth-and-visibility-pack": { turnaroundDays: 5, revisionRounds: 3, revisionDays: 6 },
  },
  reviewDays: 5,
};

function context(source: PromiseSource): RouterContextProvider {
  const provider = new RouterContextProvider();
  const items = [
    ...SERVICES.map((service) => ({ id: service.id, kind: "service" as const, price: service.prices.EUR / 100, options: [] })),
    ...BUNDLES.map((bundle) => ({ id: bundle.id, kind: "bundle" as const, price: bundle.prices.EUR / 100, options: [] })),
  ];
  const fake: Partial<PageContext> = { prices: async () => ({ currency: "EUR", items }), promises: async () => source };
  provider.set(pageContext, fake as PageContext);
  return provider;
}

/** Every string a loader hands its page (no-break spaces as spaces). */
function texts(value: unknown): string {
  return JSON.stringify(value).replace(/[\u00a0\u202f]/g, " ");
}

async function load(loader: (args: never) => unknown, path: string, params: Record<string, string> = {}): Promise<string> {
  const url = new URL(`http://localhost${path}`);
  return texts(await loader({ request: new Request(url), url, params, context: context(changed) } as never));
}

describe("a bundle's saving", () => {
  it("is worked out from the prices and written in the page's language: 50 € in Spanish, never €50 ($56, £44)", async () => {
    const es = await load(bundlePage, "/es/bundles/growth-and-visibility-pack", { bundleId: "growth-and-visibility-pack" });
    expect(es).toContain("Ahorras 50,00 € frente a comprar los dos servicios por separado: un 13 % menos");
    expect(es).not.toMatch(/€\d|\$\d|£\d/);
    const en = await load(bundlePage, "/bundles/growth-and-visibility-pack", { bundleId: "growth-and-visibility-pack" });
    expect(en).toContain("You save €50.00 against buying both services separately, 13% off");
  });
});

describe("every revision and review promise follows the catalog and the settings", () => {
  it("on the terms, in both languages: the review window and each service's rounds and revision time", async () => {
    const en = await load(termsOfService, "/terms-of-service");
    expect(en).toContain("within 5 days of each delivery");
    expect(en).toContain("Article Forge: 4 revision rounds, each back within 6 business days");
    expect(en).not.toMatch(/14 days of delivery|through the contact page with your order number/);
    const es = await load(termsOfService, "/es/terms-of-service");
    expect(es).toContain("durante los 5 días siguientes a cada entrega");
    expect(es).toContain("Article Forge: 4 rondas de revisión, cada una en 6 días laborables");
    expect(es).not.toMatch(/14 días siguientes|desde la página de contacto indicando/);
  });

  it("on a service page's offer and FAQ, and on a bundle's offer", async () => {
    const en = await load(servicePage, "/services/article-forge", { serviceId: "article-forge" });
    expect(en).toContain("You have 5 days to review each delivery and 4 revision rounds");
    expect(en).toContain("back within 6 business days");
    expect(en).toContain('"review":"5 days"');
    const es = await load(servicePage, "/es/services/article-forge", { serviceId: "article-forge" });
    expect(es).toContain("Tienes 5 días para revisar cada entrega y 4 rondas de revisión");
    expect(es).toContain('"revisionTime":"6 días laborables"');
    const bundle = await load(bundlePage, "/es/bundles/growth-and-visibility-pack", { bundleId: "growth-and-visibility-pack" });
    expect(bundle).toContain('"revisions":"3 rondas de revisión"');
    expect(bundle).toContain('"review":"5 días"');
  });

  it("on the about page, in both languages", async () => {
    expect(await load(aboutUs, "/about-us")).toContain("within 5 days of the delivery");
    expect(await load(aboutUs, "/es/about-us")).toContain("durante los 5 días siguientes a la entrega");
  });
});
