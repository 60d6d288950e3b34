import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ApiClientError } from "~/lib/api/api-error";
import { api } from "~/lib/api/client";

/** Runs a staff move (a POST) and keeps what the server said when it refused; `after` reloads the order. */
export function useMove(after: () => void) {
  const { t } = useTranslation("admin-orders");
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  const run = async (path: string, body?: unknown): Promise<boolean> => {
    setBusy(true);
    setProblems([]);
    try {
      await api(path, { method: "POST", body: body ?? {} });
      after();
      return true;
    } catch (error) {
      setProblems(error instanceof ApiClientError && error.messages.length > 0 ? error.messages : [t("moveFailed")]);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { busy, problems, run };
}
