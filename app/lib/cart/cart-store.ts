import { useSyncExternalStore } from "react";
import { PRODUCT_IDS, type ProductId } from "../../../contract/product-ids";
import { OPTION_IDS, type OptionId } from "../../../contract/service-option-ids";
import { STORAGE_KEYS } from "~/lib/storage-keys";

/**
 * One line of the cart: its own id (so the same product can be added twice), the product, the options chosen for it
 * (absent on carts stored before options existed: none) and the favourite writer asked for (issue 28; absent: none).
 */
export interface CartItem {
  id: string;
  productId: ProductId;
  options?: OptionId[];
  writerId?: string;
}

const WRITER_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

type Listener = () => void;
const listeners = new Set<Listener>();
const EMPTY: CartItem[] = [];
let cachedRaw: string | null = null;
let cachedItems: CartItem[] = EMPTY;

function isCartItem(value: unknown): value is CartItem {
  const item = value as CartItem;
  return typeof item?.id === "string" && (PRODUCT_IDS as readonly string[]).includes(item.productId);
}

/** A stored line as the cart keeps it: its options known ids only, a writer only when it is an id, and none left out. */
function tidy({ id, productId, options, writerId }: CartItem): CartItem {
  const known = Array.isArray(options) ? options.filter((option) => (OPTION_IDS as readonly string[]).includes(option)) : [];
  return {
    id,
    productId,
    ...(known.length > 0 ? { options: [...new Set(known)] } : {}),
    ...(typeof writerId === "string" && WRITER_ID.test(writerId) ? { writerId } : {}),
  };
}

/** The stored cart (localStorage `cart`); unreadable or foreign entries are dropped. Same array until it changes. */
export function getCart(): CartItem[] {
  if (typeof window === "undefined") return EMPTY;
  const raw = window.localStorage.getItem(STORAGE_KEYS.cart);
  if (raw === cachedRaw) return cachedItems;
  cachedRaw = raw;
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    cachedItems = Array.isArray(parsed) ? parsed.filter(isCartItem).map(tidy) : EMPTY;
  } catch {
    cachedItems = EMPTY;
  }
  return cachedItems;
}

function save(items: CartItem[]): void {
  if (items.length === 0) window.localStorage.removeItem(STORAGE_KEYS.cart);
  else window.localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(items));
  for (const listener of listeners) listener();
}

export function addToCart(productId: ProductId, options: readonly OptionId[] = []): CartItem {
  const item = tidy({ id: crypto.randomUUID(), productId, options: [...options] });
  save([...getCart(), item]);
  return item;
}

/** Sets the options of one cart line (the cart's option checkboxes). */
export function setLineOptions(lineId: string, options: readonly OptionId[]): void {
  save(getCart().map((item) => (item.id === lineId ? tidy({ ...item, options: [...options] }) : item)));
}

/** Sets (or with `undefined` clears) the favourite writer asked for on one cart line (issue 28). */
export function setLineWriter(lineId: string, writerId: string | undefined): void {
  save(getCart().map((item) => (item.id === lineId ? tidy({ ...item, writerId }) : item)));
}

export function removeFromCart(lineId: string): void {
  save(getCart().filter((item) => item.id !== lineId));
}

/** Puts these lines in the cart as they are (the account's cart after sign-in); foreign entries are dropped. */
export function replaceCart(items: readonly CartItem[]): void {
  save(items.filter(isCartItem).map(tidy));
}

export function clearCart(): void {
  save([]);
}

/** Listens to changes in this tab and (through the `storage` event) in other tabs. */
export function subscribeCart(listener: Listener): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.cart || event.key === null) listener();
  };
  window.addEventListener("storage", onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener("storage", onStorage);
  };
}

const serverCart = (): CartItem[] => EMPTY;

/** The cart, live; empty while rendering on the server and during hydration. */
export function useCart(): CartItem[] {
  return useSyncExternalStore(subscribeCart, getCart, serverCart);
}
