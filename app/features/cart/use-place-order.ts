import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { Currency } from "../../../contract/currency";
import type { PlaceOrderResponse } from "../../../contract/orders";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import type { BillingDraft } from "~/lib/billing/billing";
import { clearBriefDrafts, type BriefDrafts } from "~/lib/briefs/brief-drafts";
import { clearCart, type CartItem } from "~/lib/cart/cart-store";
import { checkOrder, orderRequest } from "./order-request";

/** Checks and places the cart's order once per attempt; `placed` is the order once the server took it. */
export function usePlaceOrder(
  items: readonly CartItem[],
  drafts: BriefDrafts,
  billing: BillingDraft,
  currency: Currency,
) {
  const { t: tf } = useTranslation("validation");
  const [placed, setPlaced] = useState<PlaceOrderResponse | null>(null);
  const submit = useApiSubmit();
  // One key per attempt: a retry of the very same order reuses it, so the server answers with the first order.
  const attempt = useRef<{ body: string; key: string } | null>(null);

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

  return { placed, submit, onSubmit };
}
