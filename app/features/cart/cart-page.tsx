import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { addMoney, moneyFromApi, type Money } from "../../../contract/money";
import type { PlaceOrderResponse } from "../../../contract/orders";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useLocale } from "~/i18n/use-locale";
import { useBalance } from "~/lib/balance/use-balance";
import { clearBriefDrafts, readBriefDrafts, writeBriefDrafts, type BriefDrafts } from "~/lib/briefs/brief-drafts";
import { clearCart, removeFromCart, useCart } from "~/lib/cart/cart-store";
import { servicesInBundles } from "~/lib/cart/duplicates";
import { useBillingDraft } from "~/lib/billing/billing";
import { BillingFields } from "~/components/billing-fields";
import { errorText } from "~/lib/error-text";
import { useProductName } from "~/lib/product-name";
import { useCurrency } from "~/lib/currency/currency-store";
import { CartLine } from "./cart-line";
import { OrderPlaced } from "./order-placed";
import { checkOrder, orderRequest, unplacedErrors } from "./order-request";
import { OrderSummary } from "./order-summary";
import { OtherBalanceOffer } from "./other-balance-offer";
import { usePrices } from "./use-prices";

/** /cart: the lines with their briefs, billing details, total against the balance, and placing the order. */
export function CartPage() {
  const { t } = useTranslation("cart");
  const { t: tf } = useTranslation("validation");
  const { t: te } = useTranslation("errors");
  const { t: tForms } = useTranslation("forms");
  const { locale, to } = useLocale();
  const items = useCart();
  const currency = useCurrency();
  const { prices, failure: pricesFailure } = usePrices(currency);
  const { balance } = useBalance(currency);
  const productName = useProductName();
  const [billing, setBilling] = useBillingDraft();
  const [drafts, setDrafts] = useState<BriefDrafts>(readBriefDrafts);
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);
  const submit = useApiSubmit();
  // One key per attempt: a retry of the very same order reuses it, so the server answers with the first order.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  useEffect(() => {
    if (!placed) writeBriefDrafts(drafts, items.map((item) => item.id));
  }, [drafts, items, placed]);

  const priceOf = (productId: string): Money | null => {
    const found = prices?.items.find((price) => price.id === productId);
    return found ? moneyFromApi(found.price, currency) : null;
  };
  const linePrices = items.map((item) => priceOf(item.productId));
  const total = prices ? linePrices.reduce<Money>((sum, price) => (price ? addMoney(sum, price) : sum), { minor: 0, currency }) : null;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = orderRequest(items, drafts, billing, currency);
    const errors = checkOrder(request, tf);
    if (Object.keys(errors).length > 0) return submit.invalid(errors);
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    const key = attempt.current.key;
    const order = await submit.run(() =>
      api<PlaceOrderResponse>("/api/orders", { method: "POST", body: request, headers: { "Idempotency-Key": key } }),
    );
    if (!order) return;
    attempt.current = null;
    clearBriefDrafts();
    clearCart();
    setPlaced(order);
  }

  if (placed) {
    return (
      <div className="space-y-6">
        <h1 className="text-3xl font-semibold">{t("heading")}</h1>
        <OrderPlaced order={placed} locale={locale} ordersPath={to("/profile/orders")} />
      </div>
    );
  }

  if (items.length === 0) {
    return (
      <div className="space-y-4">
        <h1 className="text-3xl font-semibold">{t("heading")}</h1>
        <p className="text-slate-700 dark:text-slate-300" data-testid="cart-empty">
          {t("empty")}
        </p>
        <Link to={to("/services")} className="font-medium text-indigo-700 dark:text-indigo-300 underline">
          {t("browse")}
        </Link>
      </div>
    );
  }

  const stray = unplacedErrors(submit.fieldErrors, items);
  const inBundles = servicesInBundles(items);
  const bundleName = (bundleId: string | undefined) => (bundleId ? productName(bundleId) : undefined);
  const balanceMoney = balance ? moneyFromApi(balance.balance, currency) : null;
  // Known short: placing would only answer "insufficient balance"; the button waits for a top-up instead.
  const short = Boolean(total && balanceMoney && total.minor > balanceMoney.minor);
  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
      <h1 className="text-3xl font-semibold">{t("heading")}</h1>
      {pricesFailure ? <FormAlert tone="error" title={errorText(pricesFailure, te)} /> : null}
      <SubmitErrorAlert state={{ ...submit, general: [submit.general, ...stray].filter(Boolean).join(" ") || null }} />
      <section aria-labelledby="items-heading">
        <h2 id="items-heading" className="mb-4 text-2xl font-semibold">
          {t("itemsHeading", { count: items.length })}
        </h2>
        <ol className="space-y-6">
          {items.map((item, index) => (
            <CartLine
              key={item.id}
              item={item}
              index={index}
              name={productName(item.productId)}
              price={linePrices[index]}
              draft={drafts[item.id]}
              onDraft={(draft) => setDrafts((all) => ({ ...all, [item.id]: draft }))}
              onRemove={() => {
                // Errors name lines by position; once a line goes they would point at the wrong one.
                submit.reset();
                removeFromCart(item.id);
              }}
              errors={submit.fieldErrors}
              locale={locale}
              serviceName={productName}
              disabled={submit.busy}
              inBundle={bundleName(inBundles.get(item.id))}
            />
          ))}
        </ol>
      </section>
      <BillingFields value={billing} onChange={setBilling} errors={submit.fieldErrors} disabled={submit.busy} />
      <OrderSummary
        total={total}
        balance={balance ? moneyFromApi(balance.balance, currency) : null}
        locale={locale}
        depositPath={to("/profile/balance")}
      />
      <OtherBalanceOffer items={items} currency={currency} short={short} locale={locale} />
      <SubmitButton busy={submit.busy} disabled={short} aria-describedby={short ? "cart-short-note" : undefined}>
        {submit.busy ? t("placing") : t("place")}
      </SubmitButton>
      {short ? (
        <p id="cart-short-note" className="text-sm text-slate-700 dark:text-slate-300" data-testid="cart-short-note">
          {tForms("checkout.short")}{" "}
          <Link to={to("/profile/balance")} className="font-medium text-indigo-700 underline dark:text-indigo-300">
            {tForms("checkout.topUp")}
          </Link>
        </p>
      ) : null}
    </form>
  );
}
