import type { TFunction } from "i18next";
import type { z } from "zod";
import { issuesToFieldMessages } from "../../../common/validation/error-map";
import type { FieldErrors } from "~/components/ui/use-api-submit";

/**
 * A failed client-side check as messages in the page's language (`t` of the `validation` namespace), through the
 * same error map and catalogue as the server's 400s, under the same field names; `prefix` goes before every path.
 */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  t: TFunction<"validation">,
  prefix: ReadonlyArray<PropertyKey> = [],
): FieldErrors {
  const errors: FieldErrors = {};
  for (const [name, messages] of Object.entries(issuesToFieldMessages(issues, input, prefix))) {
    errors[name] = [...new Set(messages.map(({ key, params }) => t(key, params ?? {})))];
  }
  return errors;
}
