import type { ReactNode } from "react";

export interface FormAlertProps {
  /** "error": the form could not be sent (announced at once); "success": it was. */
  tone: "error" | "success";
  title?: ReactNode;
  /** More messages, e.g. the field errors, listed under the title. */
  messages?: readonly string[];
  children?: ReactNode;
}

const tones = {
  error: "border-red-600 bg-red-50 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100",
  success: "border-emerald-600 bg-emerald-50 text-emerald-900 dark:border-emerald-400 dark:bg-emerald-950 dark:text-emerald-100",
};

/** The summary at the top of a form: a general error (with its field messages) or a success note. */
export function FormAlert({ tone, title, messages = [], children }: FormAlertProps) {
  return (
    <div role={tone === "error" ? "alert" : "status"} className={`mb-4 rounded-md border px-4 py-3 ${tones[tone]}`}>
      {title ? <p className="font-medium">{title}</p> : null}
      {messages.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
      {children}
    </div>
  );
}
