import type { TFunction } from "i18next";
import { ApiClientError, type ClientMessageKey } from "./api/api-error";

/**
 * The one line a form shows for a failed call: the server's general message when it sent one, else the
 * client message of CONTRACT §7 (`errors` namespace).
 */
export function errorText(failure: unknown, tErrors: TFunction<"errors">): string {
  if (!(failure instanceof ApiClientError)) return tErrors("generic");
  return failure.general ?? tErrors(failure.messageKey);
}

export interface FailureParts {
  errorKey: ClientMessageKey | null;
  general: string | null;
  fieldErrors?: Readonly<Record<string, readonly string[]>>;
}

export interface ErrorHeadline {
  /** What went wrong, as specific as is known: the server's "" message, else how many fields need fixing. */
  headline: string;
}

/**
 * The one place that decides a failed form's headline. A specific message wins alone: the general ("") error the
 * server sent (e.g. "Incorrect email or password."), then the field errors ("2 fields need your attention"); the
 * contract's catalogue message ("A server side error occurred.") is the headline only when nothing specific is known,
 * and never a line under a specific one that would blame the server for the customer's situation (CONTRACT §7).
 * `tErrors` is the `errors` namespace, `tForms` the `forms` one.
 */
export function errorHeadline(failure: FailureParts, tErrors: TFunction<"errors">, tForms: TFunction<"forms">): ErrorHeadline | null {
  if (!failure.errorKey) return null;
  if (failure.general) return { headline: failure.general };
  const count = Object.keys(failure.fieldErrors ?? {}).length;
  if (count > 0) return { headline: tForms("summary.fixFields", { count }) };
  return { headline: tErrors(failure.errorKey) };
}

/** Where a field with an error sits: its own label, and the headings of the groups around it, outermost first. */
export interface FieldPlace {
  label: string;
  groups: readonly string[];
}

/** A label or heading as a name inside a sentence: no trailing "*", full stop or colon ("…privacy policy." → "…privacy policy"). */
export function asName(text: string): string {
  return text.replace(/\s+/g, " ").replace(/[\s.:;,*]+$/u, "").trim();
}

/**
 * One line of an error summary, named as a person would say it: "Brief for Web Copycraft in Launch Essentials Kit:
 * Topic is required", "Billing details: Email — Enter a valid email address.". `required` is the validation
 * catalogue's "required" message, said as "<field> is required"; a message without a field stays as it is.
 */
export function summaryLine(place: FieldPlace | null, message: string, tForms: TFunction<"forms">, required: string): string {
  if (!place) return message;
  const field = asName(place.label);
  const what = message === required ? tForms("summary.required", { field }) : tForms("summary.field", { field, message });
  const groups = place.groups.map(asName).filter(Boolean);
  if (groups.length === 0) return what;
  // Innermost first: "Brief for Web Copycraft in Launch Essentials Kit".
  const where = groups.reduce((outer, inner) => tForms("summary.nested", { inner, outer }));
  return tForms("summary.in", { group: where, label: what });
}
