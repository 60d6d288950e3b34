import { useState } from "react";
import { useTranslation } from "react-i18next";
import { SubmitButton } from "~/components/ui/submit-button";
import { apiDownload } from "~/lib/api/client";
import { errorText } from "~/lib/error-text";

/** Fetches a file of the order (`path`, an API path) with the customer's token and saves it under the name the server gave it. */
export function DownloadButton({ path, fileName, label }: { path: string; fileName: string; label?: string }) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const file = await apiDownload(path);
      const url = URL.createObjectURL(file.blob);
      const link = document.createElement("a");
      link.href = url;
      link.download = file.fileName;
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file once the click is handled; free the memory a moment later.
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch (error) {
      setFailure(errorText(error, te));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div>
      <SubmitButton type="button" busy={busy} onClick={() => void download()} aria-label={t("downloadFile", { fileName })}>
        {label ?? t("download")}
      </SubmitButton>
      {failure ? (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-400">
          {failure}
        </p>
      ) : null}
    </div>
  );
}
