/** The orders module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createOrdersModule, type OrdersModuleDeps } from "./orders-module";
export type { OrdersService, PlaceOrderInput } from "./orders.service";
export type { CustomerOrderFacts, OpenPaidWork } from "./customer-facts.repository";
