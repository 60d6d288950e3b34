import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import { DomainError } from "../../platform/domain-error";
import type { ChangeBus } from "../../platform/change-bus";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import type { CatalogEntry, CatalogRepository, PricedProduct } from "./catalog.repository";

export interface CatalogChange {
  active: boolean;
  turnaroundDays: number;
  revisionRounds: number;
  /** Minor units per currency. */
  prices: Record<Currency, number>;
}

/** What the back office needs to change the catalog: a transaction for the change and its audit row. */
export interface CatalogAdminDeps {
  db: Kysely<Database>;
  audit: AuditSink;
}

/**
 * Products and their prices. Prices (once per currency), bundle contents and terms are read once and kept until they change: a change made here or
 * on another instance arrives over the change bus and empties this cache (and the page cache, through `onChange`),
 * so pricing a cart or a page costs no query.
 */
export function createCatalogService(repository: CatalogRepository, bus?: ChangeBus, admin?: CatalogAdminDeps) {
  const priceCache = new Map<Currency, Promise<PricedProduct[]>>();
  let contents: Promise<Map<ProductId, ProductId[]>> | null = null;
  let terms: ReturnType<CatalogRepository["lifecycleTerms"]> | null = null;
  const listeners = new Set<() => void>();

  const prices = (currency: Currency): Promise<PricedProduct[]> => {
    let cached = priceCache.get(currency);
    if (!cached) {
      cached = repository.pricedProducts(currency);
      cached.catch(() => priceCache.delete(currency));
      priceCache.set(currency, cached);
    }
    return cached;
  };

  const invalidate = (): void => {
    priceCache.clear();
    contents = null;
    terms = null;
    for (const listener of listeners) listener();
  };
  bus?.subscribe("catalog.prices", invalidate);
  bus?.subscribe("catalog.products", invalidate);

  /** Tells every instance (or this one, without a bus) that prices or products changed. */
  const announce = async (topic: "catalog.prices" | "catalog.products") => {
    if (bus) await bus.publish(topic);
    else invalidate();
  };

  /** One product's change: its row locked, the change and its audit row in one transaction, then every instance told. */
  const change = async (
    productId: ProductId,
    actor: StaffActor,
    action: string,
    apply: (before: CatalogEntry, trx: Kysely<Database>) => Promise<void>,
  ) => {
    if (!admin) throw new Error("catalog changes need the back-office dependencies");
    assertRole(actor.role, "admin");
    await admin.db.transaction().execute(async (trx) => {
      if (!(await repository.lockProduct(productId, trx))) throw DomainError.notFound();
      const before = (await repository.allProducts(trx)).find((product) => product.id === productId);
      if (!before) throw DomainError.notFound();
      await apply(before, trx);
      const after = (await repository.allProducts(trx)).find((product) => product.id === productId);
      if (!after) throw DomainError.notFound();
      await admin.audit.record({ actor, action, subjectType: "product", subjectId: productId, before, after }, trx);
    });
  };

  return {
    prices,

    /** One product priced in `currency`, or undefined when it is not sold. */
    async product(id: string, currency: Currency): Promise<PricedProduct | undefined> {
      return (await prices(currency)).find((product) => product.id === id);
    },

    /** The services a bundle contains, in order (empty for a service). */
    async servicesOf(id: ProductId): Promise<ProductId[]> {
      contents ??= repository.bundleContents();
      return (await contents).get(id) ?? [];
    },

    /**
     * What an order of `productIds` promises (LIFECYCLE.md): the longest turnaround of its products in business
     * days, and the fewest revision rounds among them.
     */
    async orderTerms(productIds: readonly string[]): Promise<{ turnaroundDays: number; revisionRounds: number }> {
      // Kept like prices until the catalog changes: every rendered page shows every service's terms.
      if (!terms) {
        const read = repository.lifecycleTerms();
        read.catch(() => (terms = null));
        terms = read;
      }
      const byProduct = await terms;
      const known = productIds.map((id) => byProduct.get(id as ProductId)).filter((term) => term !== undefined);
      if (known.length === 0) return { turnaroundDays: 5, revisionRounds: 2 };
      return {
        turnaroundDays: Math.max(...known.map((term) => term.turnaroundDays)),
        revisionRounds: Math.min(...known.map((term) => term.revisionRounds)),
      };
    },

    /** Inserts any product of content/catalog.ts that is missing. */
    async seed(): Promise<void> {
      await repository.seed();
      this.invalidate();
    },

    invalidate,

    /** An admin sets a price (minor units); every instance shows it at once; orders placed before keep theirs. */
    async setPrice(productId: ProductId, currency: Currency, amount: number, actor: StaffActor): Promise<void> {
      await change(productId, actor, "price.change", async (_before, trx) => {
        if (!(await repository.updatePrice(productId, currency, amount, trx))) throw DomainError.notFound();
      });
      await announce("catalog.prices");
    },

    /** Every product, sold or hidden, with its terms and prices (admins). */
    async adminList(actor: StaffActor): Promise<CatalogEntry[]> {
      assertRole(actor.role, "admin");
      return repository.allProducts();
    },

    /**
     * An admin changes a product's visibility, turnaround, revision rounds and prices at once. Orders keep the price,
     * due date and rounds they were placed with, so the change applies to new orders only; a hidden product leaves
     * the price list (the storefront and the cart) on every instance at once.
     */
    async update(productId: ProductId, next: CatalogChange, actor: StaffActor): Promise<CatalogEntry> {
      await change(productId, actor, "product.update", (_before, trx) =>
        repository.updateProduct(productId, next, trx),
      );
      await announce("catalog.products");
      const updated = (await repository.allProducts()).find((product) => product.id === productId);
      if (!updated) throw DomainError.notFound();
      return updated;
    },

    /** Called whenever prices change (the page cache empties itself here). */
    onChange(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export type CatalogService = ReturnType<typeof createCatalogService>;
