/** The orders module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createOrdersService, type OrdersService, type PlaceOrderInput } from "./orders.service";
