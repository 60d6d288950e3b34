import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { ChangeBus } from "../../platform/change-bus";
import type { AuditSink } from "../../platform/staff-action";
import { createCatalogRepository } from "./catalog.repository";
import { createCatalogService, type CatalogService } from "./catalog.service";

export interface CatalogModuleDeps {
  db: Kysely<Database>;
  /** Tells every instance that prices or products changed. */
  bus?: ChangeBus;
  /** Where the back office's catalog changes are recorded. */
  audit: AuditSink;
}

export interface CatalogModule {
  /** Products and prices for the storefront, the cart and orders, and the back office's changes to them. */
  catalog: CatalogService;
}

/** The catalog domain wired once: its repository and the cached service over it. */
export function createCatalogModule({ db, bus, audit }: CatalogModuleDeps): CatalogModule {
  return { catalog: createCatalogService(createCatalogRepository(db), bus, { db, audit }) };
}
