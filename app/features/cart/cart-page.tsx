import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { moneyFromApi } from "../../../contract/money-units";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useLocale } from "~/i18n/use-locale";
import { useBalance } from "~/lib/balance/use-balance";
import { readBriefDrafts, writeBriefDrafts, type BriefDrafts } from "~/lib/briefs/brief-drafts";
import { removeFromCart, setLineWriter, useCart } from "~/lib/cart/cart-store";
import { useBillingDraft } from "~/lib/billing/billing";
import { BillingFields } from "~/components/billing-fields";
import { errorText } from "~/lib/error-text";
import { useCurrency } from "~/lib/currency/currency-store";
import { CartEmpty } from "./cart-empty";
import { CartLines } from "./cart-lines";
import { CartShortNote } from "./cart-short-note";
import { CartTotalBar } from "./cart-total-bar";
import { CheckoutReturnNote } from "./checkout-return-note";
import { OrderPlaced } from "./order-placed";
import { unplacedErrors } from "./order-request";
import { OrderSummary } from "./order-summary";
import { OtherBalanceOffer } from "./other-balance-offer";
import { PromoCodeBox, type AppliedPromotion } from "./promo-code-box";
import { PayDifference } from "./pay-difference";
import { useCheckoutReturn } from "./use-checkout-return";
import { useCartPrices } from "~/lib/cart/use-cart-prices";
import { usePlaceOrder } from "./use-place-order";

/** /cart: the lines with their briefs, billing details, total against the balance, and placing the order. */
export function CartPage() {
  const { t } = useTranslation("cart");
  const { t: te } = useTranslation("errors");
  const { locale, to } = useLocale();
  const items = useCart();
  const currency = useCurrency();
  const { linePrices, total: listTotal, failure: pricesFailure, prices } = useCartPrices(items, currency);
  const [promotion, setPromotion] = useState<AppliedPromotion | null>(null);
  // With a code applied, what the buyer pays: the cart's total less the discount the price list answered.
  const discount = promotion && listTotal ? moneyFromApi(promotion.discount, currency) : null;
  const total = listTotal && discount ? { ...listTotal, minor: listTotal.minor - discount.minor } : listTotal;
  const { balance, reload: reloadBalance } = useBalance(currency);
  const [billing, setBilling] = useBillingDraft();
  const [drafts, setDrafts] = useState<BriefDrafts>(readBriefDrafts);
  // The favourite writer asked for per line (issue 28), by line id; stored with the line, so a reload keeps it.
  const writers = useMemo(() => Object.fromEntries(items.flatMap((item) => (item.writerId ? [[item.id, item.writerId]] : []))), [items]);
  const { placed, showPlaced, submit, onSubmit, payDifference } = usePlaceOrder(items, drafts, billing, currency, writers, promotion?.code);
  // Back from paying the difference (`?checkout=<deposit>`): the thank-you once its order is placed, else why not.
  const [search, setSearch] = useSearchParams();
  const returned = useCheckoutReturn(search.get("checkout"), search.get("outcome") === "cancelled", (status) => {
    if (status.state === "placed" && status.order) showPlaced(status.order);
    else reloadBalance();
    // Settled: a later visit (the Back button) must not act on it again.
    setSearch({}, { replace: true });
  });

  useEffect(() => {
    if (!placed)
      writeBriefDrafts(
        drafts,
        items.map((item) => item.id),
      );
  }, [drafts, items, placed]);

  if (placed) {
    return <OrderPlaced order={placed} locale={locale} ordersPath={to("/profile/orders")} />;
  }
  if (items.length === 0) return <CartEmpty />;

  const stray = unplacedErrors(submit.fieldErrors, items);
  const balanceMoney = balance ? moneyFromApi(balance.balance, currency) : null;
  // Known short: placing would only answer "insufficient balance"; the button waits for a top-up instead.
  const short = Boolean(total && balanceMoney && total.minor > balanceMoney.minor);
  // A paid difference on its way: its order is placed on confirmation, so the difference is not offered twice.
  const confirming = returned.status?.state === "awaitingPayment" && search.get("outcome") !== "cancelled";
  return (
    <form method="post" noValidate onSubmit={(event) => void onSubmit(event)} className="space-y-8">
      <h1 className="text-3xl font-semibold">{t("heading")}</h1>
      <CheckoutReturnNote {...returned} cancelled={search.get("outcome") === "cancelled"} locale={locale} />
      {pricesFailure ? <FormAlert tone="error" title={errorText(pricesFailure, te)} /> : null}
      <SubmitErrorAlert state={{ ...submit, general: [submit.general, ...stray].filter(Boolean).join(" ") || null }} />
      <CartLines
        items={items}
        linePrices={linePrices}
        prices={prices}
        currency={currency}
        drafts={drafts}
        onDraft={(lineId, draft) => setDrafts((all) => ({ ...all, [lineId]: draft }))}
        onRemove={(lineId) => {
          // Errors name lines by position; once a line goes they would point at the wrong one.
          submit.reset();
          removeFromCart(lineId);
        }}
        errors={submit.fieldErrors}
        disabled={submit.busy}
        writers={{
          chosen: writers,
          onChoose: setLineWriter,
        }}
      />
      <BillingFields value={billing} onChange={setBilling} errors={submit.fieldErrors} disabled={submit.busy} />
      <PromoCodeBox items={items} currency={currency} applied={promotion} onApplied={setPromotion} error={submit.fieldErrors.promoCode} disabled={submit.busy} />
      <CartTotalBar total={total} locale={locale} />
      <OrderSummary total={total} subtotal={discount ? listTotal : null} discount={discount} balance={balanceMoney} locale={locale} depositPath={to("/profile/balance")} />
      <OtherBalanceOffer items={items} currency={currency} short={short} locale={locale} />
      {short && total && balanceMoney && !confirming ? (
        <PayDifference total={total} balance={balanceMoney} locale={locale} busy={submit.busy} onPay={() => void payDifference()} />
      ) : null}
      <SubmitButton busy={submit.busy} disabled={short} aria-describedby={short ? "cart-short-note" : undefined}>
        {submit.busy ? t("placing") : t("place")}
      </SubmitButton>
      {short ? <CartShortNote /> : null}
    </form>
  );
}
