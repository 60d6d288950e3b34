/** The cart module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createCartModule, type CartModule, type CartModuleDeps } from "./cart-module";
export { createCartService, type CartService } from "./cart.service";
