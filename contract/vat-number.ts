import {
  austria, belgium, bulgaria, checkVAT, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece,
  hungary, ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic,
  slovenia, spain, sweden,
} from "jsvat-next";
import { z } from "zod";

/** The 27 member states' VAT number rules (format and check digits) as maintained by jsvat-next. */
const EU_VAT_COUNTRIES = [
  austria, belgium, bulgaria, croatia, cyprus, czechRepublic, denmark, estonia, finland, france, germany, greece, hungary,
  ireland, italy, latvia, lithuania, luxembourg, malta, netherlands, poland, portugal, romania, slovakiaRepublic, slovenia,
  spain, sweden,
];

/** "es a-2801 5865" → "ESA28015865": the form an invoice prints. */
export function normalizeVatNumber(value: string): string {
  return value.toUpperCase().replace(/[\s.-]/g, "");
}

/** True when `value` (normalised) is an EU VAT number with its country prefix, well formed for that country. */
export function isEuVatNumber(value: string): boolean {
  return /^[A-Z]{2}/.test(value) && checkVAT(value, EU_VAT_COUNTRIES).isValid;
}

/** Optional VAT number of a business buyer: empty, or an EU VAT number with its country prefix (ESA28015865). */
export const vatNumberSchema = z
  .string()
  .max(30)
  .transform(normalizeVatNumber)
  .refine((value) => value === "" || isEuVatNumber(value), { message: "vatNumber" })
  .default("");
