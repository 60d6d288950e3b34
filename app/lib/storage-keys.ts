/** Browser storage keys, exactly as CONTRACT §2 fixes them. */
export const STORAGE_KEYS = {
  jwtToken: "jwtToken",
  refreshToken: "refreshToken",
  rememberMe: "rememberMe",
  currency: "currency",
  cart: "cart",
  orders: "orders",
  acceptedCookies: "accepted-cookies",
} as const;
