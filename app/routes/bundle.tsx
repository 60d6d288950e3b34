import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { BUNDLES } from "../../content/catalog";
import { formatMoney, moneyFromApi } from "../../contract/money-units";
import { BulletList, CopySection } from "~/features/catalog/copy-blocks";
import { bundleContent, taglines } from "~/features/catalog/content.server";
import { OfferBox, OfferFact } from "~/features/catalog/offer-box";
import { pagePrices, priceOf } from "~/features/catalog/page-prices.server";
import { Price } from "~/features/catalog/price";
import { ProductIntro } from "~/features/catalog/product-intro";
import { PromiseFacts } from "~/features/catalog/promise-facts";
import { offerPromises, termsOf } from "../../content/promises";
import { useLocale } from "~/i18n/use-locale";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/bundle";

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const bundle = BUNDLES.find((candidate) => candidate.id === params.bundleId);
  if (!bundle) throw data(null, { status: 404 });
  const { locale, prices } = await pagePrices(request, url, context);
  const price = priceOf(prices, bundle.id);
  if (price === undefined) throw data(null, { status: 404 });
  const pitch = taglines(locale);
  const services = bundle.services.map((id) => ({ id, price: priceOf(prices, id) ?? 0, tagline: pitch[id] }));
  const source = await context.get(pageContext).promises();
  const apartMinor = services.reduce((sum, service) => sum + moneyFromApi(service.price, prices.currency).minor, 0);
  const saving = { minor: apartMinor - moneyFromApi(price, prices.currency).minor, apartMinor, currency: prices.currency };
  return {
    id: bundle.id,
    price,
    currency: prices.currency,
    content: bundleContent(bundle.id, locale, source, saving),
    services,
    promises: offerPromises(source, bundle.id, locale),
    turnaroundDays: termsOf(source, bundle.id).turnaroundDays,
  };
}

export default function BundlePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const { to, locale } = useLocale();
  const { id, price, currency, content, services, promises, turnaroundDays } = loaderData;
  const { name, tagline } = content;
  const apartMinor = services.reduce((sum, service) => sum + moneyFromApi(service.price, currency).minor, 0);
  const savingMinor = apartMinor - moneyFromApi(price, currency).minor;
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <ProductIntro kind="bundle" path={`/bundles/${id}`} name={name} tagline={tagline} price={price} currency={currency} turnaroundDays={turnaroundDays} />
      <OfferBox productId={id} name={name} priceLabel={t("bundlePrice")} price={price} currency={currency}>
        <OfferFact label={t("separately")}>
          <span className="text-lg line-through">
            <Price money={{ minor: apartMinor, currency }} />
          </span>
          {savingMinor > 0 ? (
            <span className="block font-medium text-emerald-800 dark:text-emerald-300" data-testid="bundle-saving">
              {t("saving", { amount: formatMoney({ minor: savingMinor, currency }, locale) })}
            </span>
          ) : null}
        </OfferFact>
        <PromiseFacts promises={promises} />
      </OfferBox>
      <p className="mt-8 text-lg leading-relaxed">{content.summary}</p>
      <CopySection heading={t("contains")}>
        <ul className="space-y-4">
          {services.map((service) => (
            <li key={service.id} className="rounded-lg border border-slate-300 p-4 dark:border-slate-800">
              <div className="flex flex-wrap justify-between gap-2">
                <Link to={to(`/services/${service.id}`)} className="font-semibold underline underline-offset-4">
                  {t(`products.${service.id}`)}
                </Link>
                <Price major={service.price} currency={currency} />
              </div>
              <p className="mt-1 text-sm text-slate-700 dark:text-slate-300">{service.tagline}</p>
            </li>
          ))}
        </ul>
      </CopySection>
      {content.highlights.length > 0 ? (
        <CopySection heading={t("highlights")}>
          <BulletList items={content.highlights} />
        </CopySection>
      ) : null}
    </main>
  );
}
