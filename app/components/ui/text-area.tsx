import type { TextareaHTMLAttributes } from "react";
import { borderClass, FieldFrame, fieldClass, type FieldProps } from "./field-frame";

export type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "required">;

/** A labelled multi-line input with hint and error. */
export function TextArea({ label, error, hint, required, id, className, rows = 5, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id}>
      {({ id: inputId, describedBy, invalid }) => (
        <textarea
          rows={rows}
          {...textarea}
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
