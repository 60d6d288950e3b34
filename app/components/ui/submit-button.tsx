import type { ButtonHTMLAttributes } from "react";
import { Spinner } from "./spinner";

export type SubmitButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  /** While true the button is disabled, shows a spinner and tells assistive technology it is busy. */
  busy?: boolean;
};

export const buttonClass =
  "inline-flex items-center justify-center gap-2 rounded-md bg-indigo-600 px-4 py-2 font-medium text-white shadow-sm hover:bg-indigo-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-400 disabled:cursor-not-allowed disabled:opacity-70";

/** The primary button of a form; disabled with a spinner while the form is being sent. */
export function SubmitButton({ busy = false, disabled, children, className, type = "submit", ...button }: SubmitButtonProps) {
  return (
    <button
      type={type}
      {...button}
      disabled={busy || disabled}
      aria-busy={busy || undefined}
      className={`${buttonClass} ${className ?? ""}`}
    >
      {busy ? <Spinner /> : null}
      {children}
    </button>
  );
}
