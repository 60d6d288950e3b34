import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { BUNDLES } from "../../content/catalog";
import { SERVICE_IDS, type ServiceId } from "../../contract/product-ids";
import { BulletList, CopySection, FaqList } from "~/features/catalog/copy-blocks";
import { serviceContent } from "~/features/catalog/content.server";
import { OfferBox } from "~/features/catalog/offer-box";
import { itemOf, pagePrices, priceOf } from "~/features/catalog/page-prices.server";
import { Price } from "~/features/catalog/price";
import { ProductIntro } from "~/features/catalog/product-intro";
import { PromiseFacts } from "~/features/catalog/promise-facts";
import { offerPromises, termsOf } from "../../content/promises";
import { useLocale } from "~/i18n/use-locale";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/service";

function isServiceId(value: string | undefined): value is ServiceId {
  return (SERVICE_IDS as readonly (string | undefined)[]).includes(value);
}

export async function loader({ request, url, params, context }: Route.LoaderArgs) {
  const id = params.serviceId;
  if (!isServiceId(id)) throw data(null, { status: 404 });
  const { locale, prices } = await pagePrices(request, url, context);
  const item = itemOf(prices, id);
  if (item === undefined) throw data(null, { status: 404 });
  // A hidden bundle has no price: it is not offered here either.
  const bundles = BUNDLES.filter((bundle) => bundle.services.includes(id)).flatMap((bundle) => {
    const bundlePrice = priceOf(prices, bundle.id);
    return bundlePrice === undefined ? [] : [{ id: bundle.id, price: bundlePrice }];
  });
  const source = await context.get(pageContext).promises();
  return {
    id,
    price: item.price,
    // Rendered with the page, so the offer keeps its size when the app asks for today's prices (a rush's free day).
    options: item.options ?? [],
    currency: prices.currency,
    content: serviceContent(id, locale, source, context.get(pageContext).balancePolicy),
    bundles,
    promises: offerPromises(source, id, locale),
    turnaroundDays: termsOf(source, id).turnaroundDays,
  };
}

export default function ServicePage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("catalog");
  const { to } = useLocale();
  const { id, price, options, currency, content, bundles, promises, turnaroundDays } = loaderData;
  const { name, tagline } = content;
  return (
    <main className="mx-auto max-w-4xl px-4 py-12">
      <ProductIntro kind="service" path={`/services/${id}`} name={name} tagline={tagline} price={price} currency={currency} turnaroundDays={turnaroundDays} />
      <OfferBox productId={id} name={name} priceLabel={t("price")} price={price} currency={currency} options={options}>
        <PromiseFacts promises={promises} />
      </OfferBox>
      <p className="mt-8 text-lg leading-relaxed">{content.summary}</p>
      <CopySection heading={t("forWhom")}>
        <BulletList items={content.forWhom} />
      </CopySection>
      <CopySection heading={t("deliverables")}>
        <BulletList items={content.deliverables} />
      </CopySection>
      {content.faq.length > 0 ? (
        <CopySection heading={t("faq")}>
          <FaqList items={content.faq} />
        </CopySection>
      ) : null}
      {bundles.length > 0 ? (
        <CopySection heading={t("includedIn")}>
          <ul className="space-y-2">
            {bundles.map((bundle) => (
              <li key={bundle.id} className="flex flex-wrap justify-between gap-2">
                <Link to={to(`/bundles/${bundle.id}`)} className="font-medium underline underline-offset-4">
                  {t(`products.${bundle.id}`)}
                </Link>
                <Price major={bundle.price} currency={currency} />
              </li>
            ))}
          </ul>
        </CopySection>
      ) : null}
    </main>
  );
}
