/** The payments module's public entry: other modules and the root import only this (ARCHITECTURE.md "Modules"). */
export { createPaymentProvider, type PaymentProvider } from "./payment-provider";
