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
  /** The contract's catalogue message (CONTRACT §7) when the headline says something more specific; else null. */
  catalogue: string | null;
}

/**
 * The one place that decides a failed form's headline. A specific message wins: the general ("") error the server
 * sent (e.g. "Incorrect email or password."), then the field errors ("Check the 3 fields below"); the contract's
 * catalogue message ("A server side error occurred.") is the headline only when nothing specific is known, and is
 * otherwise kept as the line under it. `tErrors` is the `errors` namespace, `tForms` the `forms` one.
 */
export function errorHeadline(failure: FailureParts, tErrors: TFunction<"errors">, tForms: TFunction<"forms">): ErrorHeadline | null {
  if (!failure.errorKey) return null;
  const catalogue = tErrors(failure.errorKey);
  if (failure.general) return { headline: failure.general, catalogue };
  const count = Object.keys(failure.fieldErrors ?? {}).length;
  if (count > 0) return { headline: tForms("summary.fixFields", { count }), catalogue };
  return { headline: catalogue, catalogue: null };
}
