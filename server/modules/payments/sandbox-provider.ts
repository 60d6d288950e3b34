import type { CheckoutRequest, CheckoutStart, RefundAnswer, RefundRequest } from "./checkout";
import { storePageUrl } from "./store-page-url";

export interface SandboxProvider {
  name: "sandbox";
  startCheckout(request: CheckoutRequest): Promise<CheckoutStart>;
  /** Simulates a provider's refund: accepted and completed at once. */
  refund(request: RefundRequest): Promise<RefundAnswer>;
}

/** PAYMENT_PROVIDER=sandbox: the store's own checkout page, where the buyer presses Pay or Decline. */
export function createSandboxProvider(options: { publicUrl: string }): SandboxProvider {
  return {
    name: "sandbox",
    async startCheckout(request) {
      const query = new URLSearchParams({ deposit: request.depositId, ...(request.purpose === "order" ? { for: "order" } : {}) });
      return { paymentUrl: storePageUrl(options.publicUrl, request.locale, `/checkout/sandbox?${query}`), providerRef: null };
    },
    async refund(request) {
      return { providerRef: `sandbox-refund-${request.refundId}`, status: "succeeded" };
    },
  };
}
