import type { TextareaHTMLAttributes } from "react";
import { boxedControlProps, FieldFrame, type FieldProps } from "./field-frame";

export type TextAreaProps = FieldProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "required">;

/** A labelled multi-line input with hint and error. */
export function TextArea({ label, error, hint, required, id, className, rows = 5, ...textarea }: TextAreaProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id}>
      {(ids) => <textarea rows={rows} {...textarea} {...boxedControlProps(ids, required, className)} />}
    </FieldFrame>
  );
}
