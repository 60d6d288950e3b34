import { useId, type ReactNode } from "react";

/** What every form field takes besides its native attributes. */
export interface FieldProps {
  label: ReactNode;
  /** Message(s) shown under the field; the field is marked invalid while present. */
  error?: string | readonly string[] | null;
  /** Help text under the label, announced with the field. */
  hint?: ReactNode;
  required?: boolean;
}

export interface FieldIds {
  id: string;
  describedBy: string | undefined;
  invalid: boolean;
}

function messages(error: FieldProps["error"]): readonly string[] {
  if (!error) return [];
  return typeof error === "string" ? [error] : error;
}

const fieldClass =
  "mt-1 block w-full rounded-md border bg-white px-3 py-2 text-slate-900 shadow-sm outline-none placeholder:text-slate-500 focus-visible:ring-2 focus-visible:ring-indigo-500 disabled:opacity-60 dark:bg-slate-900 dark:text-slate-100 dark:placeholder:text-slate-400";

function borderClass(invalid: boolean): string {
  return invalid ? "border-red-600 dark:border-red-400" : "border-slate-400 dark:border-slate-600";
}

/**
 * The attributes that wire a boxed control (text input, text area, drop-down) to its frame: the ids from `FieldFrame`, the
 * required and invalid states, and the field look with the caller's own classes last.
 */
export function boxedControlProps({ id, describedBy, invalid }: FieldIds, required: boolean | undefined, className: string | undefined) {
  return {
    id,
    required,
    "aria-invalid": invalid || undefined,
    "aria-describedby": describedBy,
    className: `${fieldClass} ${borderClass(invalid)} ${className ?? ""}`,
  };
}

/**
 * Label, hint and error around one control, wired for assistive technology: the control gets `id`,
 * `aria-describedby` (hint, then error) and `aria-invalid` from `children(ids)`.
 */
export function FieldFrame({
  label,
  error,
  hint,
  required,
  id: givenId,
  inline = false,
  children,
}: FieldProps & { id?: string; inline?: boolean; children: (ids: FieldIds) => ReactNode }) {
  const generated = useId();
  const id = givenId ?? generated;
  const errors = messages(error);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors.length > 0 ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  const labelNode = (
    <label htmlFor={id} className={inline ? "text-sm" : "block text-sm font-medium"}>
      {label}
      {required ? (
        <span aria-hidden="true" className="ml-0.5 text-red-700 dark:text-red-400">
          *
        </span>
      ) : null}
    </label>
  );
  const control = children({ id, describedBy, invalid: errors.length > 0 });
  return (
    <div className="mb-4">
      {inline ? (
        <div className="flex items-start gap-2">
          {control}
          {labelNode}
        </div>
      ) : (
        <>
          {labelNode}
          {control}
        </>
      )}
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      ) : null}
      {errorId ? (
        <p id={errorId} className="mt-1 text-sm text-red-700 dark:text-red-400">
          {errors.join(" ")}
        </p>
      ) : null}
    </div>
  );
}
