/** The accounts module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createAccountsModule, type AccountsModule, type AccountsModuleDeps } from "./accounts-module";
export type { PersonRenamed } from "./person-renamed";
export { fullNameOf, PREFIX_MATCH_LIMIT, type People, type Person } from "./people";
export { type AccountHeld, lockOpenAccount } from "./account-lock";
export { hashPassword } from "./passwords";
export type { CustomerRecords, CustomerRow } from "./customer-records";
