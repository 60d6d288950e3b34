import type { InputHTMLAttributes } from "react";
import { boxedControlProps, FieldFrame, type FieldProps } from "./field-frame";

export type TextFieldProps = FieldProps & Omit<InputHTMLAttributes<HTMLInputElement>, "required">;

/** A labelled single-line input (text, email, password, number, url…) with hint and error. */
export function TextField({ label, error, hint, required, id, className, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id}>
      {(ids) => <input type="text" {...input} {...boxedControlProps(ids, required, className)} />}
    </FieldFrame>
  );
}
