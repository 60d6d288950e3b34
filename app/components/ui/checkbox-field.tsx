import type { InputHTMLAttributes } from "react";
import { FieldFrame, type FieldProps } from "./field-frame";

export type CheckboxFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "required" | "type">;

/** A checkbox with its label on the right (the label may hold links), hint and error. */
export function CheckboxField({ label, error, hint, required, id, className, ...input }: CheckboxFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id} inline>
      {({ id: inputId, describedBy, invalid }) => (
        <input
          {...input}
          type="checkbox"
          id={inputId}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`mt-0.5 h-4 w-4 shrink-0 accent-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 ${className ?? ""}`}
        />
      )}
    </FieldFrame>
  );
}
