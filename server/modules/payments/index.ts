/** The payments module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createPaymentsModule, type PaymentsModule, type PaymentsModuleDeps } from "./payments-module";
export { createPaymentProvider, type PaymentProvider } from "./payment-provider";
export { RefundRefused, type RefundAnswer, type RefundRequest } from "./checkout";
