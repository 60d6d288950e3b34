import { createCartService, type CartService, type CartServiceDeps } from "./cart.service";

export type CartModuleDeps = CartServiceDeps;

export interface CartModule {
  /** Each customer's cart, kept on the server across devices. */
  cart: CartService;
}

/** The cart domain wired once (a single service). */
export function createCartModule(deps: CartModuleDeps): CartModule {
  return { cart: createCartService(deps) };
}
