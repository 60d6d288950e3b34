import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { PricesResponse } from "../../../contract/catalog";
import type { Currency } from "../../../contract/currency";
import { formatMoney, moneyFromApi, type Money } from "../../../contract/money-units";
import type { Locale } from "../../../common/locales";
import { api } from "~/lib/api/client";
import { useOtherBalances } from "~/lib/balance/use-other-balances";
import type { CartItem } from "~/lib/cart/cart-store";
import { requestCurrency } from "~/lib/currency/currency-change";

/** What these items cost in `currency`, from its price list; null when a product has no price there. */
function totalIn(prices: PricesResponse, items: readonly CartItem[]): number | null {
  let minor = 0;
  for (const item of items) {
    const price = prices.items.find((candidate) => candidate.id === item.productId);
    if (!price) return null;
    minor += moneyFromApi(price.price, prices.currency).minor;
  }
  return minor;
}

/**
 * The customer's non-zero balances in the other currencies, under the order summary. When the balance in the chosen
 * currency is short, each one that would pay for the same items at its own prices is offered as a switch (which
 * asks first, since switching empties the cart).
 */
export function OtherBalanceOffer({ items, currency, short, locale }: { items: readonly CartItem[]; currency: Currency; short: boolean; locale: Locale }) {
  const { t } = useTranslation("money");
  const others = useOtherBalances(currency);
  const [payable, setPayable] = useState<Money[]>([]);
  const key = `${currency}|${others.map((other) => `${other.currency}:${other.minor}`).join(",")}|${items.map((item) => item.productId).join(",")}`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` sums up currency, balances and items.
  useEffect(() => {
    let live = true;
    if (!short || others.length === 0) {
      setPayable([]);
      return;
    }
    void Promise.all(
      others.map(async (balance) => {
        const prices = await api<PricesResponse>("/api/prices", { method: "POST", body: { currency: balance.currency }, auth: false }).catch(() => null);
        const total = prices ? totalIn(prices, items) : null;
        return total !== null && balance.minor >= total ? balance : null;
      }),
    ).then((found) => live && setPayable(found.filter((money): money is Money => money !== null)));
    return () => {
      live = false;
    };
  }, [key, short]);

  if (others.length === 0) return null;
  return (
    <section aria-labelledby="other-balances-heading" className="mt-3" data-testid="other-balances">
      <h3 id="other-balances-heading" className="text-sm font-medium text-slate-700 dark:text-slate-300">
        {t("balances.heading")}
      </h3>
      <ul className="mt-1 space-y-2">
        {others.map((balance) =>
          payable.some((can) => can.currency === balance.currency) ? (
            <li key={balance.currency} className="rounded-md border border-indigo-500 px-3 py-2" data-testid="other-balance-offer">
              {t("balances.canPay", { currency: balance.currency, amount: formatMoney(balance, locale) })}{" "}
              <button type="button" className="font-medium text-indigo-700 underline dark:text-indigo-300" onClick={() => requestCurrency(balance.currency)}>
                {t("balances.switchCart", { currency: balance.currency })}
              </button>
            </li>
          ) : (
            <li key={balance.currency} className="tabular-nums">
              {t("balances.amountIn", { amount: formatMoney(balance, locale), currency: balance.currency })}
            </li>
          ),
        )}
      </ul>
    </section>
  );
}
