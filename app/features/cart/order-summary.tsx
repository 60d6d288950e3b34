import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { formatMoney, type Money } from "../../../contract/money-units";
import type { Locale } from "../../../common/locales";
import { Amount } from "~/components/ui/amount";

export interface OrderSummaryProps {
  total: Money | null;
  /** With a promotion code: the cart before it, and what it takes off. */
  subtotal?: Money | null;
  discount?: Money | null;
  balance: Money | null;
  locale: Locale;
  depositPath: string;
}

/** The total, the balance it is paid from, and — when the balance is short — what is missing and where to add it. */
export function OrderSummary({ total, subtotal, discount, balance, locale, depositPath }: OrderSummaryProps) {
  const { t } = useTranslation("cart");
  const missing = total && balance && total.minor > balance.minor ? { ...total, minor: total.minor - balance.minor } : null;
  return (
    <section aria-labelledby="summary-heading" className="rounded-lg border border-slate-300 dark:border-slate-800 bg-slate-50 dark:bg-slate-900 p-4">
      <h2 id="summary-heading" className="sr-only">
        {t("summary.heading")}
      </h2>
      <dl className="space-y-2">
        {subtotal && discount ? (
          <>
            <div className="flex justify-between text-slate-700 dark:text-slate-300">
              <dt>{t("summary.subtotal")}</dt>
              <dd data-testid="cart-subtotal">
                <Amount money={subtotal} locale={locale} />
              </dd>
            </div>
            <div className="flex justify-between text-emerald-800 dark:text-emerald-300">
              <dt>{t("summary.discount")}</dt>
              <dd data-testid="cart-discount">
                −<Amount money={discount} locale={locale} />
              </dd>
            </div>
          </>
        ) : null}
        <div className="flex justify-between text-xl font-semibold">
          <dt>{t("summary.total")}</dt>
          <dd data-testid="cart-total">
            <Amount money={total} locale={locale} />
          </dd>
        </div>
        <div className="flex justify-between text-slate-700 dark:text-slate-300">
          <dt>{t("summary.balance")}</dt>
          <dd data-testid="cart-balance">
            <Amount money={balance} locale={locale} />
          </dd>
        </div>
      </dl>
      {missing ? (
        <p className="mt-3 rounded-md border border-amber-500 px-3 py-2 text-amber-900 dark:text-amber-200" data-testid="cart-missing">
          {t("summary.missing", { amount: formatMoney(missing, locale) })}{" "}
          <Link to={depositPath} className="font-medium underline">
            {t("summary.addFunds")}
          </Link>
        </p>
      ) : null}
    </section>
  );
}
