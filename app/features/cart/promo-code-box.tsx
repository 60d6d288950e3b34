import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PricesResponse } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import type { PromotionQuote } from "../../../contract/promotions";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import type { CartItem } from "~/lib/cart/cart-store";

/** A code the cart shows applied: what POST /api/prices answered for it (major units). */
export type AppliedPromotion = PromotionQuote;

export interface PromoCodeBoxProps {
  items: readonly CartItem[];
  currency: Currency;
  applied: AppliedPromotion | null;
  onApplied(applied: AppliedPromotion | null): void;
  /** The order's own field error on promoCode (the code stopped applying when the order was placed). */
  error?: string[];
  disabled?: boolean;
}

/**
 * The cart's promotion code: applied through the price list (POST /api/prices with the cart's products), which
 * answers the discount or why it does not apply; asked again when the cart or its currency changes.
 */
export function PromoCodeBox({ items, currency, applied, onApplied, error, disabled }: PromoCodeBoxProps) {
  const { t } = useTranslation("cart");
  const [code, setCode] = useState(applied?.code ?? "");
  const quote = useApiSubmit();
  const productIds = items.map((item) => item.productId);
  const lineOptions = items.map((item) => [...(item.options ?? [])]);
  const cartKey = `${currency}:${items.map((item) => [item.productId, ...(item.options ?? [])].join("+")).join(",")}`;

  const apply = async (typed: string) => {
    const answer = await quote.run(() => api<PricesResponse>("/api/prices", { method: "POST", body: { currency, promoCode: typed, productIds, lineOptions } }));
    onApplied(answer?.promotion ?? null);
  };

  // The cart or currency changed: the applied code's discount is asked again for the new cart.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new cart asks again, not each render's new callback.
  useEffect(() => {
    if (applied) void apply(applied.code);
  }, [cartKey]);

  return (
    <section aria-labelledby="promo-heading" className="rounded-lg border border-slate-300 p-4 dark:border-slate-800">
      <h2 id="promo-heading" className="mb-2 text-lg font-semibold">
        {t("promo.heading")}
      </h2>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          label={t("promo.label")}
          name="promoCode"
          value={code}
          autoComplete="off"
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            if (code.trim()) void apply(code.trim());
          }}
          error={quote.fieldErrors.promoCode ?? error}
          disabled={disabled}
          className="uppercase"
        />
        {applied ? (
          <button type="button" className="rounded-md border border-slate-400 px-3 py-2" onClick={() => { setCode(""); quote.reset(); onApplied(null); }} disabled={disabled}>
            {t("promo.remove")}
          </button>
        ) : (
          <button type="button" className="rounded-md border border-slate-400 px-3 py-2" onClick={() => void apply(code.trim())} disabled={disabled || quote.busy || !code.trim()}>
            {t("promo.apply")}
          </button>
        )}
      </div>
      {applied ? (
        <p className="mt-2 text-emerald-800 dark:text-emerald-300" data-testid="promo-applied" role="status">
          {t("promo.applied", { code: applied.code })}
        </p>
      ) : null}
    </section>
  );
}
