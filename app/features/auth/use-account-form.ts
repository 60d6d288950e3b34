import { useCallback, useRef } from "react";
import type { z } from "zod";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useFormChecks } from "./form-checks";

/**
 * One account form: checks the values with the contract schema first (messages at the fields), then sends the
 * checked values with the loading flag on; server errors land in the same state. Resolves with the answer, or
 * undefined when a check or the request failed. After a failure the form's error summary (SubmitErrorAlert) takes the
 * focus and links to each field, so keyboard and screen-reader users land where the problem is.
 */
export function useAccountForm<S extends z.ZodType>(schema: S) {
  const submit = useApiSubmit();
  const check = useFormChecks();
  const { invalid, run } = submit;
  const ref = useRef<HTMLFormElement>(null);

  const send = useCallback(
    async <T,>(values: Record<string, unknown>, request: (data: z.output<S>) => Promise<T>): Promise<T | undefined> => {
      const checked = check(schema, values);
      if (checked.errors) {
        invalid(checked.errors);
        return undefined;
      }
      const data = checked.data;
      return run(() => request(data));
    },
    [check, invalid, run, schema],
  );

  return { ...submit, send, ref };
}

/** The values of a form as the schemas expect them: text as strings, checkboxes as booleans. */
export function formValues(form: HTMLFormElement, checkboxes: readonly string[] = []): Record<string, unknown> {
  const data = new FormData(form);
  const values: Record<string, unknown> = {};
  for (const [name, value] of data) if (typeof value === "string") values[name] = value;
  for (const name of checkboxes) values[name] = data.has(name);
  return values;
}
