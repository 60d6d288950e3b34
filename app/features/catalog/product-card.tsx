import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { ProductId, ProductKind } from "../../../contract/product-ids";
import type { Currency } from "../../../contract/currency-codes";
import { useLocale } from "~/i18n/use-locale";
import { Price } from "./price";

export interface ProductSummary {
  id: ProductId;
  kind: ProductKind;
  price: number;
  tagline: string;
}

/** One product in a list: kind, name (linking to its page), pitch and price. */
export function ProductCard({ product, currency }: { product: ProductSummary; currency: Currency }) {
  const { t } = useTranslation("catalog");
  const { to } = useLocale();
  const name = t(`products.${product.id}`);
  const href = to(`/${product.kind === "service" ? "services" : "bundles"}/${product.id}`);
  return (
    <li className="flex flex-col rounded-lg border border-slate-300 bg-slate-50 p-5 dark:border-slate-800 dark:bg-slate-900">
      <p className="text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{t(`kind.${product.kind}`)}</p>
      <h3 className="mt-1 text-lg font-semibold">
        <Link to={href} className="underline-offset-4 hover:underline" aria-label={t("details", { name })}>
          {name}
        </Link>
      </h3>
      <p className="mt-2 flex-1 text-sm text-slate-700 dark:text-slate-300">{product.tagline}</p>
      <p className="mt-4 text-xl font-semibold">
        <Price major={product.price} currency={currency} testId={`price-${product.id}`} />
      </p>
    </li>
  );
}
