import type { SelectHTMLAttributes } from "react";
import { boxedControlProps, FieldFrame, type FieldProps } from "./field-frame";

export interface SelectOption {
  value: string;
  label: string;
}

export type SelectFieldProps = FieldProps &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, "required"> & {
    options: readonly SelectOption[];
    /** Text of an empty first option (value ""), e.g. "Choose a country". */
    placeholder?: string;
  };

/** A labelled drop-down with hint and error. */
export function SelectField({ label, error, hint, required, id, className, options, placeholder, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} required={required} id={id}>
      {(ids) => (
        <select {...select} {...boxedControlProps(ids, required, className)}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FieldFrame>
  );
}
