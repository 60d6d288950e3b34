import { createCustomersAdminRepository, type CustomersAdminSources } from "./customers-admin.repository";
import {
  createCustomersAdminService,
  type CustomersAdminDeps,
  type CustomersAdminService,
} from "./customers-admin.service";

/** The customers module owns no table: it reads accounts, orders and wallet, and writes through them. */
export interface CustomersModuleDeps
  extends Omit<CustomersAdminSources, "wallet">,
    Omit<CustomersAdminDeps, "repository"> {}

export interface CustomersModule {
  /** The back office's customers page: search, one customer's orders, balance and tickets, block, adjust. */
  customers: CustomersAdminService;
}

/** The customers domain wired once: what it reads from the modules that own it, and the service over that. */
export function createCustomersModule({ records, orders, wallet, ...deps }: CustomersModuleDeps): CustomersModule {
  const repository = createCustomersAdminRepository({ records, orders, wallet });
  return { customers: createCustomersAdminService({ ...deps, wallet, repository }) };
}
