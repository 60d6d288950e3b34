import type { ProductId } from "../catalog";
import type { Localized } from "../localized";

/** One field of a service's brief form: renders the form in the browser and validates it on the server. */
export type BriefField = {
  name: string;
  label: Localized;
  help?: Localized;
  required: boolean;
} & (
  | { type: "text" | "textarea"; minLength?: number; maxLength: number; placeholder?: Localized }
  | { type: "url"; maxLength: number }
  | { type: "number"; min: number; max: number; integer: boolean }
  | { type: "select"; options: Array<{ value: string; label: Localized }> }
  | { type: "tags"; maxItems: number; maxLength: number }
);

export interface BriefForm {
  productId: ProductId;
  fields: BriefField[];
}
