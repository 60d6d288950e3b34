import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import type { PlaceOrderRequest, PlaceOrderResponse } from "../../../contract/orders";
import type { PayDifferenceResponse } from "../../../contract/pay-the-difference";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import type { BillingDraft } from "~/lib/billing/billing";
import { clearBriefDrafts, type BriefDrafts } from "~/lib/briefs/brief-drafts";
import { clearCart, type CartItem } from "~/lib/cart/cart-store";
import { checkOrder, orderRequest } from "./order-request";

/**
 * Checks and places the cart's order once per attempt; `placed` is the order once the server took it. When the
 * balance is short, `payDifference` makes the same checks and starts a deposit of the shortfall carrying the order,
 * then sends the browser to the payment page (the cart and briefs stay stored until the order is placed).
 */
export function usePlaceOrder(
  items: readonly CartItem[],
  drafts: BriefDrafts,
  billing: BillingDraft,
  currency: Currency,
  /** The favourite writer asked for per cart line (issue 28), by line id. */
  writers: Readonly<Record<string, string>> = {},
  /** The promotion code applied in the cart, if any. */
  promoCode?: string,
) {
  const { t: tf } = useTranslation("validation");
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);
  const [leaving, setLeaving] = useState(false);
  const submit = useApiSubmit();
  // One key per attempt: a retry of the very same order reuses it, so the server answers with the first order.
  const attempt = useRef<{ body: string; key: string } | null>(null);

  /** The order is placed (here, or after its paid difference): the cart and briefs are done with. */
  function showPlaced(order: PlaceOrderResponse) {
    clearBriefDrafts();
    clearCart();
    setPlaced(order);
  }

  /** The order's body when every field passes the server's checks; else shows the errors and answers null. */
  function checked(): PlaceOrderRequest | null {
    const request = { ...orderRequest(items, drafts, billing, currency, writers), ...(promoCode ? { promoCode } : {}) };
    const errors = checkOrder(request, tf);
    if (Object.keys(errors).length === 0) return request;
    submit.invalid(errors);
    return null;
  }

  async function payDifference() {
    const request = checked();
    if (!request) return;
    const started = await submit.run(() => api<PayDifferenceResponse>("/api/orders/with-deposit", { method: "POST", body: request }));
    if (!started) return;
    setLeaving(true);
    window.location.assign(started.paymentUrl);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const request = checked();
    if (!request) return;
    const body = JSON.stringify(request);
    if (attempt.current?.body !== body) attempt.current = { body, key: crypto.randomUUID() };
    const key = attempt.current.key;
    const order = await submit.run(() =>
      api<PlaceOrderResponse>("/api/orders", { method: "POST", body: request, headers: { "Idempotency-Key": key } }),
    );
    if (!order) return;
    attempt.current = null;
    showPlaced(order);
  }

  return { placed, showPlaced, submit: { ...submit, busy: submit.busy || leaving }, onSubmit, payDifference };
}
