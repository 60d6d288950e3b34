import type { TFunction } from "i18next";
import { ApiClientError } from "./api/api-error";

/**
 * The one line a form shows for a failed call: the server's general message when it sent one, else the
 * client message of CONTRACT §7 (`errors` namespace).
 */
export function errorText(failure: unknown, tErrors: TFunction): string {
  if (!(failure instanceof ApiClientError)) return tErrors("generic");
  return failure.general ?? tErrors(failure.messageKey);
}
