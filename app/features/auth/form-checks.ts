import type { TFunction } from "i18next";
import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import type { z } from "zod";
import type { FieldErrors } from "~/components/ui/use-api-submit";
import { issuesToFieldErrors } from "~/lib/forms/field-issues";

/**
 * Checks account form values with a contract schema: the parsed data when they pass, else messages (the `validation`
 * namespace) under the field names the server uses.
 */
export function checkValues<S extends z.ZodType>(
  schema: S,
  values: Record<string, unknown>,
  t: TFunction<"validation">,
): { data: z.output<S>; errors: null } | { data: null; errors: FieldErrors } {
  const parsed = schema.safeParse(values);
  if (parsed.success) return { data: parsed.data, errors: null };
  return { data: null, errors: issuesToFieldErrors(parsed.error.issues, values, t) };
}

/** checkValues with the messages of the page's language. */
export function useFormChecks() {
  const { t } = useTranslation("validation");
  return useCallback(<S extends z.ZodType>(schema: S, values: Record<string, unknown>) => checkValues(schema, values, t), [t]);
}
