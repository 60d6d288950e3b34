import { useEffect, useState } from "react";
import type { PricesResponse } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { api } from "~/lib/api/client";

/** POST /api/prices in the chosen currency; asks again when the currency changes. */
export function usePrices(currency: Currency): { prices: PricesResponse | null; failure: unknown } {
  const [prices, setPrices] = useState<PricesResponse | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  useEffect(() => {
    let live = true;
    api<PricesResponse>("/api/prices", { method: "POST", body: { currency }, auth: false })
      .then((answer) => live && setPrices(answer))
      .catch((error: unknown) => live && setFailure(error));
    return () => {
      live = false;
    };
  }, [currency]);
  return { prices: prices?.currency === currency ? prices : null, failure };
}
