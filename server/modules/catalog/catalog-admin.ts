import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { ProductId } from "../../../contract/catalog";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import type { CatalogCache } from "./catalog-cache";
import type { CatalogChange, CatalogEntry, CatalogOptionChange } from "./catalog-entries";
import type { CatalogRepository } from "./catalog.repository";

/** What the back office needs to change the catalog: a transaction for the change and its audit row. */
export interface CatalogAdminDeps {
  db: Kysely<Database>;
  audit: AuditSink;
}

/** The back office's catalog page (admins). */
export interface CatalogAdmin {
  /** An admin sets a price (minor units); every instance shows it at once; orders placed before keep theirs. */
  setPrice(productId: ProductId, currency: Currency, amount: number, actor: StaffActor): Promise<void>;
  /** Every product, sold or hidden, with its terms and prices (admins). */
  adminList(actor: StaffActor): Promise<CatalogEntry[]>;
  /**
   * An admin changes a product's visibility, turnaround, revision rounds, revision turnaround and prices at once. Orders keep the price,
   * due date and rounds they were placed with, so the change applies to new orders only; a hidden product leaves
   * the price list (the storefront and the cart) on every instance at once.
   */
  update(productId: ProductId, next: CatalogChange, actor: StaffActor): Promise<CatalogEntry>;
  /**
   * An admin changes one option of a product (visibility, prices, and for rush its turnaround, which must be shorter
   * than the service's), for orders placed from now on; answers the product.
   */
  updateOption(
    productId: ProductId,
    optionId: string,
    next: CatalogOptionChange,
    actor: StaffActor,
  ): Promise<CatalogEntry>;
}

/** A rush must come back sooner than the service itself. */
function checkRush(turnaroundDays: number | null | undefined, serviceDays: number): void {
  if (!turnaroundDays || turnaroundDays >= serviceDays) {
    throw DomainError.field("turnaroundDays", "options.rushNotShorter", { days: serviceDays });
  }
}

async function updatedEntry(repository: CatalogRepository, productId: ProductId): Promise<CatalogEntry> {
  const updated = (await repository.allProducts()).find((product) => product.id === productId);
  if (!updated) throw DomainError.notFound();
  return updated;
}

export function createCatalogAdmin(
  repository: CatalogRepository,
  cache: Pick<CatalogCache, "announce">,
  admin?: CatalogAdminDeps,
): CatalogAdmin {
  /** One product's change: its row locked, the change and its audit row in one transaction. */
  const change = async (
    productId: ProductId,
    actor: StaffActor,
    action: string,
    apply: (trx: Kysely<Database>) => Promise<void>,
  ) => {
    if (!admin) throw new Error("catalog changes need the back-office dependencies");
    assertRole(actor.role, "admin");
    await admin.db.transaction().execute(async (trx) => {
      if (!(await repository.lockProduct(productId, trx))) throw DomainError.notFound();
      const before = (await repository.allProducts(trx)).find((product) => product.id === productId);
      if (!before) throw DomainError.notFound();
      await apply(trx);
      const after = (await repository.allProducts(trx)).find((product) => product.id === productId);
      if (!after) throw DomainError.notFound();
      await admin.audit.record({ actor, action, subjectType: "product", subjectId: productId, before, after }, trx);
    });
  };

  return {
    async setPrice(productId, currency, amount, actor) {
      await change(productId, actor, "price.change", async (trx) => {
        if (!(await repository.updatePrice(productId, currency, amount, trx))) throw DomainError.notFound();
      });
      await cache.announce("catalog.prices");
    },

    async adminList(actor) {
      assertRole(actor.role, "admin");
      return repository.allProducts();
    },

    async update(productId, next, actor) {
      await change(productId, actor, "product.update", (trx) => repository.updateProduct(productId, next, trx));
      await cache.announce("catalog.products");
      return updatedEntry(repository, productId);
    },

    async updateOption(productId, optionId, next, actor) {
      await change(productId, actor, "product.option", async (trx) => {
        const product = (await repository.allProducts(trx)).find((entry) => entry.id === productId);
        const option = product?.options.find((entry) => entry.id === optionId);
        if (!product || !option) throw DomainError.notFound();
        if (option.kind === "rush") checkRush(next.turnaroundDays ?? option.turnaroundDays, product.turnaroundDays);
        const change = option.kind === "rush" ? next : { ...next, turnaroundDays: undefined };
        if (!(await repository.updateOption(productId, optionId, change, trx))) throw DomainError.notFound();
      });
      await cache.announce("catalog.products");
      return updatedEntry(repository, productId);
    },
  };
}
