// The VAT split lives in the contract: the cart shows the same VAT the invoice will print.
export { splitGross, type VatSplit } from "../../../contract/vat";
