import { useTranslation } from "react-i18next";
import { useRouteLoaderData } from "react-router";
import type { Currency } from "../../../contract/currency-codes";
import type { ProductKind } from "../../../contract/product-ids";
import { useLocale } from "~/i18n/use-locale";
import type { RootData } from "~/lib/root-data";
import { Seo } from "~/components/seo";
import { productJsonLd } from "./json-ld";

interface ProductIntroProps {
  kind: ProductKind;
  /** English path of the page: `/services/seo-layer`. */
  path: string;
  name: string;
  tagline: string;
  price: number;
  currency: Currency;
  /** Business days from order to delivery (the catalog's, as the database holds it), for the JSON-LD offer. */
  turnaroundDays?: number;
}

/** The head of a service or bundle page: its SEO tags with the offer, the kind, the name and the tagline. */
export function ProductIntro({ kind, path, name, tagline, price, currency, turnaroundDays }: ProductIntroProps) {
  const { t } = useTranslation("catalog");
  const { to } = useLocale();
  const root = useRouteLoaderData<RootData>("root");
  return (
    <>
      <Seo
        title={t("serviceTitle", { name })}
        description={tagline}
        type="product"
        jsonLd={productJsonLd({ kind, name, description: tagline, url: `${root?.publicUrl ?? ""}${to(path)}`, price, currency, turnaroundDays })}
      />
      <p className="text-sm font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">{t(`kind.${kind}`)}</p>
      <h1 className="mt-1 text-4xl font-bold tracking-tight">{name}</h1>
      <p className="mt-4 text-xl text-slate-700 dark:text-slate-300">{tagline}</p>
    </>
  );
}
