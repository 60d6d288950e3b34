import type { z } from "zod";
import type { FieldMessages } from "./api-error";
import { fieldName, valueAt } from "../../contract/field-names";
import type { MessageRef } from "../i18n/messages";

function message(issue: z.core.$ZodIssue, input: unknown): MessageRef {
  if (issue.code !== "unrecognized_keys" && issue.code !== "custom" && valueAt(input, issue.path) === undefined) {
    return { key: "validation.required" };
  }
  switch (issue.code) {
    case "invalid_type":
      return { key: "validation.invalidType", params: { expected: issue.expected } };
    case "too_small": {
      const min = Number(issue.minimum);
      if (issue.origin === "string") return { key: min <= 1 ? "validation.required" : "validation.tooShort", params: { min } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "validation.tooFewItems", params: { min } };
      return { key: "validation.tooSmall", params: { min } };
    }
    case "too_big": {
      const max = Number(issue.maximum);
      if (issue.origin === "string") return { key: "validation.tooLong", params: { max } };
      if (issue.origin === "array" || issue.origin === "set") return { key: "validation.tooManyItems", params: { max } };
      return { key: "validation.tooBig", params: { max } };
    }
    case "invalid_format":
      return { key: issue.format === "email" ? "validation.invalidEmail" : "validation.invalidFormat" };
    case "invalid_value":
      return issue.values.length === 1 && issue.values[0] === true
        ? { key: "validation.mustBeTrue" }
        : { key: "validation.invalidChoice", params: { options: issue.values.map(String).join(", ") } };
    case "custom":
      // Refinements carry a catalogue key as their message ("twoDecimals", "accounts.passwordsDiffer"…).
      return { key: issue.message.includes(".") ? issue.message : `validation.${issue.message}`, params: issue.params as MessageRef["params"] };
    default:
      return { key: "validation.invalid" };
  }
}

/**
 * Turns zod issues into field errors; `input` is what was validated (a field absent from it is "required").
 * An unknown key becomes an error at that key's own name.
 */
export function issuesToFieldErrors(issues: ReadonlyArray<z.core.$ZodIssue>, input: unknown, prefix: ReadonlyArray<PropertyKey> = []): FieldMessages {
  // No prototype: a field may be called "valueOf" or "constructor" and must not meet Object.prototype's ones.
  const errors: FieldMessages = Object.create(null) as FieldMessages;
  const add = (path: ReadonlyArray<PropertyKey>, ref: MessageRef) => {
    const name = fieldName([...prefix, ...path]);
    (errors[name] ??= []).push(ref);
  };
  for (const issue of issues) {
    if (issue.code === "unrecognized_keys") {
      for (const key of issue.keys) add([...issue.path, key], { key: "validation.unknownField" });
    } else if (issue.code === "invalid_union" && issue.errors.length > 0) {
      add(issue.path, { key: "validation.invalid" });
    } else {
      add(issue.path, message(issue, input));
    }
  }
  return errors;
}
