/** The cart module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createCartService, type CartService } from "./cart.service";
