import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { errorText } from "~/lib/error-text";
import { Spinner } from "./spinner";

/**
 * What a screen shows before its data is there: a spinner with a loading line, or why it failed with a
 * "try again" button. Render `children` once there is data.
 */
export function LoadState({ loading, failure, onRetry, loadingText, retryText, children }: {
  loading: boolean;
  failure: unknown;
  onRetry(): void;
  loadingText: string;
  retryText: string;
  children: ReactNode;
}) {
  const { t } = useTranslation("errors");
  if (failure) {
    return (
      <div role="alert" className="rounded-md border border-red-600 bg-red-50 px-4 py-3 text-red-900 dark:border-red-400 dark:bg-red-950 dark:text-red-100">
        <p>{errorText(failure, t)}</p>
        <button type="button" onClick={onRetry} className="mt-2 font-medium underline">
          {retryText}
        </button>
      </div>
    );
  }
  if (loading) {
    return (
      <p role="status" className="flex items-center gap-2 text-slate-700 dark:text-slate-300">
        <Spinner /> {loadingText}
      </p>
    );
  }
  return children;
}
