import { useTranslation } from "react-i18next";
import { taglines } from "~/features/catalog/content.server";
import { pagePrices } from "~/features/catalog/page-prices.server";
import { ProductCard } from "~/features/catalog/product-card";
import { Seo } from "~/components/seo";
import type { Route } from "./+types/services";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { locale, prices } = await pagePrices(request, url, context);
  const pitch = taglines(locale);
  return {
    currency: prices.currency,
    items: prices.items.map((item) => ({ ...item, tagline: pitch[item.id] })),
  };
}

export default function Services({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const { currency, items } = loaderData;
  const section = (kind: "service" | "bundle", id: string, heading: string) => (
    <section aria-labelledby={`${id}-heading`} id={id} className="mt-12 scroll-mt-4">
      <h2 id={`${id}-heading`} className="text-2xl font-semibold">
        {heading}
      </h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {items
          .filter((item) => item.kind === kind)
          .map((item) => (
            <ProductCard key={item.id} product={item} currency={currency} />
          ))}
      </ul>
    </section>
  );
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <Seo title={t("listTitle")} description={t("listDescription")} />
      <h1 className="text-4xl font-bold tracking-tight">{t("listHeading")}</h1>
      <p className="mt-4 max-w-3xl text-lg text-slate-700 dark:text-slate-300">{t("listIntro")}</p>
      {section("service", "services", t("servicesHeading"))}
      {section("bundle", "bundles", t("bundlesHeading"))}
    </main>
  );
}
