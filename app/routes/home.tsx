import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { taglines } from "~/features/catalog/content.server";
import { pagePrices } from "~/features/catalog/page-prices.server";
import { ProductCard } from "~/features/catalog/product-card";
import { useLocale } from "~/i18n/use-locale";
import { Seo } from "~/components/seo";
import type { Route } from "./+types/home";

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const { locale, prices } = await pagePrices(request, url, context);
  const pitch = taglines(locale);
  return { currency: prices.currency, items: prices.items.map((item) => ({ ...item, tagline: pitch[item.id] })) };
}

export default function Home({ loaderData: prices }: Route.ComponentProps) {
  const { t } = useTranslation("home");
  const { to } = useLocale();
  const steps = t("steps", { returnObjects: true }) as Array<{ title: string; text: string }>;
  return (
    <main className="mx-auto max-w-6xl px-4 py-12">
      <Seo title={t("title")} description={t("description")} />
      <h1 className="text-4xl font-bold tracking-tight">{t("heading")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <Link to={to("/services")} className="primary-button mt-6">
        {t("browse")}
      </Link>
      <h2 className="mt-14 text-2xl font-semibold">{t("stepsHeading")}</h2>
      <ol className="mt-6 grid gap-4 sm:grid-cols-3">
        {steps.map((step, index) => (
          <li key={step.title} className="rounded-lg border border-slate-300 p-5 dark:border-slate-800">
            <p className="text-sm font-semibold text-indigo-800 dark:text-indigo-300">{index + 1}</p>
            <h3 className="mt-1 font-semibold">{step.title}</h3>
            <p className="mt-2 text-sm text-slate-700 dark:text-slate-300">{step.text}</p>
          </li>
        ))}
      </ol>
      <h2 className="mt-14 text-2xl font-semibold">{t("catalogHeading")}</h2>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {prices.items.map((item) => (
          <ProductCard key={item.id} product={item} currency={prices.currency} />
        ))}
      </ul>
    </main>
  );
}
