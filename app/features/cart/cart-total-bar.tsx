import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import { intlLocale, type Locale } from "../../../common/locales";
import { formatMoney, type Money } from "../../../contract/money-units";
import { splitGross } from "../../../contract/vat";
import type { RootData } from "~/lib/root-data";

/**
 * The total and the VAT it includes, pinned to the bottom of the screen while a long cart scrolls (sticky: it comes to
 * rest above the order summary at the end), with a link down to the summary and the order button. The VAT is split
 * out of the total as the invoice will print it (contract/vat.ts, VAT_RATE).
 */
export function CartTotalBar({ total, locale }: { total: Money | null; locale: Locale }) {
  const { t } = useTranslation("cart");
  const rate = useRouteLoaderData<RootData>("root")?.vatRateBasisPoints ?? null;
  if (!total) return null;
  const vat = rate === null ? null : { ...total, minor: splitGross(total.minor, rate).vat };
  const percent = rate === null ? "" : new Intl.NumberFormat(intlLocale(locale), { style: "percent", maximumFractionDigits: 2 }).format(rate / 10_000);
  return (
    <section
      aria-label={t("bar.label")}
      data-testid="cart-total-bar"
      className="sticky bottom-0 z-10 -mx-4 flex flex-wrap items-center justify-between gap-x-4 gap-y-1 border-t border-slate-300 bg-white/95 px-4 py-3 shadow-[0_-4px_12px_rgba(0,0,0,0.08)] dark:border-slate-800 dark:bg-slate-950/95"
    >
      <p>
        <span className="font-semibold tabular-nums">{t("bar.total", { total: formatMoney(total, locale) })}</span>{" "}
        {vat ? <span className="text-sm text-slate-700 tabular-nums dark:text-slate-300">{t("bar.vat", { vat: formatMoney(vat, locale), rate: percent })}</span> : null}
      </p>
      <a href="#summary-heading" className="text-link text-sm">
        {t("bar.toSummary")}
      </a>
    </section>
  );
}
