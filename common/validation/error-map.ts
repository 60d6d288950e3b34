import type { z } from "zod";
import { fieldName, valueAt } from "../../contract/field-names";
import type en from "./en.json";

/** A key of the validation catalogue (common/validation/<locale>.json). */
export type ValidationKey = keyof typeof en;

/** A validation message before translation: its catalogue key and the values it interpolates. */
export interface ValidationMessage {
  key: ValidationKey;
  params?: Record<string, string | number>;
}

/** Field name (CONTRACT's dotted path, `orderFormData[0].brief.topic`) → its messages. */
export type FieldValidationMessages = Record<string, ValidationMessage[]>;

/** Nothing given: absent, null, blank text or an empty list. */
function isBlank(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === "string" && value.trim() === "") || (Array.isArray(value) && value.length === 0);
}

const mustBeTrue = (issue: z.core.$ZodIssue) => issue.code === "invalid_value" && issue.values.length === 1 && issue.values[0] === true;

/** Refinements carry a catalogue key as their message (`{ message: "passwordsDiffer" }`). */
function customKey(issue: z.core.$ZodIssue): ValidationKey {
  return issue.message as ValidationKey;
}

/**
 * The one zod error map of the store: a failed check → a key of the validation catalogue. The server answers its
 * 400s with it and every form shows it, so both say the same thing in the same words. `value` is what was given
 * at the issue's path: a blank one is "required" whatever rule it broke.
 */
export function validationMessage(issue: z.core.$ZodIssue, value: unknown): ValidationMessage {
  if (issue.code === "custom") return { key: customKey(issue), params: issue.params as ValidationMessage["params"] };
  if (mustBeTrue(issue)) return { key: "mustAccept" };
  if (issue.code !== "unrecognized_keys" && isBlank(value)) return { key: "required" };
  switch (issue.code) {
    case "invalid_type":
      return { key: "invalidType", params: { expected: issue.expected } };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return min <= 1 ? { key: "required" } : { key: "tooShort", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "tooFewItems", params: { min } };
      return { key: "tooSmall", params: { min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { key: "tooLong", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "tooManyItems", params: { max } };
      return { key: "tooBig", params: { max } };
    }
    case "invalid_format":
      return { key: issue.format === "email" ? "invalidEmail" : "invalidFormat" };
    case "invalid_value":
      return { key: "invalidChoice", params: { options: issue.values.map(String).join(", ") } };
    default:
      return { key: "invalid" };
  }
}

const same = (a: ValidationMessage, b: ValidationMessage) => a.key === b.key && JSON.stringify(a.params) === JSON.stringify(b.params);

/**
 * Zod issues as messages under the API's field names; `input` is what was checked and `prefix` goes before every
 * path. An unknown key is reported at that key's own name.
 */
export function issuesToFieldMessages(
  issues: ReadonlyArray<z.core.$ZodIssue>,
  input: unknown,
  prefix: ReadonlyArray<PropertyKey> = [],
): FieldValidationMessages {
  // No prototype: a field may be called "valueOf" or "constructor" and must not meet Object.prototype's ones.
  const fields = Object.create(null) as FieldValidationMessages;
  const add = (path: ReadonlyArray<PropertyKey>, message: ValidationMessage) => {
    const list = (fields[fieldName([...prefix, ...path])] ??= []);
    if (!list.some((known) => same(known, message))) list.push(message);
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key], { key: "unknownField" });
    } else {
      add(issue.path, validationMessage(issue, valueAt(input, issue.path)));
    }
  }
  return fields;
}
