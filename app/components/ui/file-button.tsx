import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "~/lib/error-text";
import { saveApiFile } from "~/lib/api/save-file";
import { Spinner } from "./spinner";
import { SubmitButton } from "./submit-button";

export interface FileButtonProps {
  /** The API path of the file (sent with the customer's token). */
  path: string;
  children: ReactNode;
  /** The accessible name when the visible text alone is ambiguous ("Invoice" of which order). */
  label?: string;
  /** `button`: the primary button; `link`: a quiet text link for lists and tables. */
  look?: "button" | "link";
}

/** Downloads a file of the signed-in customer (a result, an invoice, a data export); says so when it fails. */
export function FileButton({ path, children, label, look = "button" }: FileButtonProps) {
  const { t } = useTranslation("errors");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      await saveApiFile(path);
    } catch (error) {
      setFailure(errorText(error, t));
    } finally {
      setBusy(false);
    }
  }

  return (
    <span className="inline-flex flex-col items-start">
      {look === "button" ? (
        <SubmitButton type="button" busy={busy} onClick={() => void download()} aria-label={label}
          data-file={path}>
          {children}
        </SubmitButton>
      ) : (
        <button
          type="button"
          onClick={() => void download()}
          disabled={busy}
          aria-busy={busy || undefined}
          aria-label={label}
          data-file={path}
          className="inline-flex items-center gap-1 rounded text-indigo-700 underline underline-offset-2 hover:text-indigo-600 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-70 dark:text-indigo-300 dark:hover:text-indigo-200"
        >
          {busy ? <Spinner /> : null}
          {children}
        </button>
      )}
      {failure ? (
        <span role="alert" className="mt-1 text-sm text-red-700 dark:text-red-400">
          {failure}
        </span>
      ) : null}
    </span>
  );
}
