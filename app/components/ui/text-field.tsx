import type { InputHTMLAttributes } from "react";
import { borderClass, FieldFrame, fieldClass, type FieldProps } from "./field-frame";

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "required">;

/** A labelled single-line input (text, email, password, number, url…) with hint and error. */
export function TextField({ label, error, hint, required, id, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id}>
      {({ id: inputId, describedBy, invalid }) => (
        <input
          type="text"
          {...input}
          id={inputId}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={`${fieldClass} ${borderClass(invalid)} ${className ?? ""}`}
        />
      )}
    </FieldFrame>
  );
}
