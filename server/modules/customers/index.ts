/** The customers module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createCustomersModule, type CustomersModule, type CustomersModuleDeps } from "./customers-module";
export { createCustomersAdminService, type CustomersAdminService } from "./customers-admin.service";
export { createCustomersAdminRepository } from "./customers-admin.repository";
