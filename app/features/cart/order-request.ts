import type { TFunction } from "i18next";
import { BRIEF_FORMS } from "../../../contract/brief-forms";
import { orderBriefSchema } from "../../../contract/briefs";
import type { Currency } from "../../../contract/currency";
import { placeOrderRequestSchema, type PlaceOrderRequest } from "../../../contract/orders";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import type { CartItem } from "~/lib/cart/cart-store";
import type { BriefDrafts } from "~/lib/briefs/brief-drafts";
import { lineBrief, serviceErrorPrefix, servicesOf } from "~/lib/briefs/brief-values";
import type { BillingDraft } from "~/lib/billing/billing";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";

/**
 * The body of POST /api/orders: billing details, each cart line's brief in cart order (with the favourite writer asked
 * for, when one is: issue 28), and the currency.
 */
export function orderRequest(
  items: readonly CartItem[],
  drafts: BriefDrafts,
  billing: BillingDraft,
  currency: Currency,
  writers: Readonly<Record<string, string>> = {},
): PlaceOrderRequest {
  return {
    ...billing,
    agreedToPP_TOS: billing.agreedToPP_TOS as true,
    orderFormData: items.map((item) => {
      const writerId = writers[item.id];
      return {
        productId: item.productId,
        brief: lineBrief(item.productId, drafts[item.id]),
        ...(item.options?.length ? { options: item.options } : {}),
        ...(writerId ? { writerId } : {}),
      };
    }),
    currency,
  };
}

/**
 * The same checks the server makes, before sending: billing fields and every brief against its form. Errors are
 * keyed like the server's (`firstName`, `orderFormData[1].brief.seo-layer.website`); empty when all pass.
 */
export function checkOrder(request: PlaceOrderRequest, t: TFunction<"validation">): FieldErrors {
  const errors: FieldErrors = {};
  const whole = placeOrderRequestSchema.safeParse(request);
  if (!whole.success) {
    const billingIssues = whole.error.issues.filter((issue) => issue.path[0] !== "orderFormData");
    Object.assign(errors, issuesToFieldErrors(billingIssues, request, t));
  }
  request.orderFormData.forEach((line, index) => {
    const checked = orderBriefSchema(line.productId, servicesOf(line.productId)).safeParse(line.brief);
    if (!checked.success) Object.assign(errors, issuesToFieldErrors(checked.error.issues, line.brief, t, ["orderFormData", index, "brief"]));
  });
  return errors;
}


// promoCode: the promotion code box shows its own error.
const BILLING_KEYS = ["firstName", "lastName", "email", "businessName", "country", "city", "address1", "state", "zipCode", "agreedToPP_TOS", "promoCode"];

/** Errors no field of the page shows (an unknown product, an unexpected brief key): listed in the form's alert. */
export function unplacedErrors(errors: FieldErrors, items: readonly CartItem[]): string[] {
  const placed = new Set(BILLING_KEYS);
  items.forEach((item, index) => {
    // Each chosen option shows its own error at its checkbox.
    for (const position of (item.options ?? []).keys()) placed.add(`orderFormData[${index}].options[${position}]`);
    for (const serviceId of servicesOf(item.productId)) {
      const prefix = serviceErrorPrefix(`orderFormData[${index}].brief`, item.productId, serviceId);
      for (const field of BRIEF_FORMS[serviceId].fields) placed.add(`${prefix}.${field.name}`);
    }
  });
  return Object.entries(errors)
    .filter(([field]) => !placed.has(field))
    .flatMap(([, messages]) => messages);
}
