import type { TFunction } from "i18next";
import type { z } from "zod";
import type { FieldErrors } from "../../components/ui/use-api-submit";
import { fieldName, valueAt } from "../../../contract/field-names";

/**
 * The one way the browser turns a failed zod check into messages: keys of the `forms` namespace, under the field
 * names the API uses for its own 400 errors, so client and server errors land on the same fields.
 */

/** Nothing given: absent, blank, an empty list or an unticked box. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || value === false || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

/** Refinements carry a catalogue key as their message ("accounts.passwordsDiffer"): shown as `forms:custom.passwordsDiffer`. */
function customText(issue: z.core.$ZodIssue, t: TFunction): string {
  const name = issue.message.split(".").pop() ?? "";
  return t(`custom.${name}`, { defaultValue: t("invalid") });
}

/** A readable message in the page's language for one failed client-side check. */
function issueText(issue: z.core.$ZodIssue, value: unknown, t: TFunction): string {
  if (issue.code === "custom") return customText(issue, t);
  if (issue.code !== "unrecognized_keys" && isBlank(value)) {
    return issue.code === "invalid_value" && issue.values.length === 1 && issue.values[0] === true ? t("mustAgree") : t("required");
  }
  switch (issue.code) {
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? t("required") : t("tooShort", { min });
      if (issue.origin === "array") return t("tooFew", { min });
      return t("tooSmall", { min });
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return t("tooLong", { max });
      if (issue.origin === "array") return t("tooMany", { max });
      return t("tooLarge", { max });
    }
    case "invalid_type":
      return t("required");
    case "invalid_format":
      return issue.format === "email" ? t("email") : t("invalid");
    case "invalid_value":
      return issue.values.length === 1 && issue.values[0] === true ? t("mustAgree") : t("invalid");
    default:
      return t("invalid");
  }
}

/**
 * Client-side check results keyed like the API's field errors, `prefix` put before every path; `input` is what was
 * checked (a field left blank reads "required", as on the server).
 */
export function issuesToFieldErrors(
  issues: readonly z.core.$ZodIssue[],
  input: unknown,
  t: TFunction,
  prefix: ReadonlyArray<PropertyKey> = [],
): FieldErrors {
  const messages: FieldErrors = {};
  for (const issue of issues) {
    const list = (messages[fieldName([...prefix, ...issue.path])] ??= []);
    const text = issueText(issue, valueAt(input, issue.path), t);
    if (!list.includes(text)) list.push(text);
  }
  return messages;
}
