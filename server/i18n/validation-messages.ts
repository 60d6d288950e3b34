import type { z } from "zod";
import { issuesToFieldMessages } from "../../common/validation/error-map";
import type { FieldMessages } from "../platform/domain-error";

/**
 * Zod issues as the field errors of a 400, through the store's one error map (common/validation): the keys live
 * under `validation.` in the server's catalogues, which take them from common/validation/<locale>.json.
 */
export function validationFieldMessages(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  input: unknown,
  prefix: ReadonlyArray<PropertyKey> = [],
): FieldMessages {
  const fields = issuesToFieldMessages(issues, input, prefix);
  const messages = Object.create(null) as FieldMessages;
  for (const [name, list] of Object.entries(fields)) {
    // A dotted key is a server message a service raised as a zod issue (`orders.unknownProduct`); the rest are shared.
    messages[name] = list.map(({ key, params }) => ({ key: key.includes(".") ? key : `validation.${key}`, params }));
  }
  return messages;
}
