import { useState } from "react";
import { useTranslation } from "react-i18next";
import { FormAlert } from "~/components/ui/form-alert";
import { ApiClientError } from "~/lib/api/api-error";
import { api } from "~/lib/api/client";
import { primaryButton } from "./admin-frame";

/** Where "take" goes for deliverable `n` of an order. */
const takePath = (orderId: string, n: number) => `/api/admin/orders/${encodeURIComponent(orderId)}/deliverables/${n}/take`;

/** "Take" on a pool item (an unassigned deliverable a writer may take): assigns it to the caller; someone quicker gets a 409, shown. */
export function TakeButton({ orderId, number, n, service, onTaken }: { orderId: string; number: string; n: number; service: string; onTaken(): void }) {
  const { t } = useTranslation("admin-orders");
  const [busy, setBusy] = useState(false);
  const [problems, setProblems] = useState<string[]>([]);
  async function take() {
    setBusy(true);
    setProblems([]);
    try {
      await api(takePath(orderId, n), { method: "POST", body: {} });
      onTaken();
    } catch (error) {
      setProblems(error instanceof ApiClientError && error.messages.length > 0 ? error.messages : [t("moveFailed")]);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="space-y-2">
      <button type="button" className={primaryButton} disabled={busy} aria-busy={busy} onClick={() => void take()} aria-label={t("take.label", { number, service })} data-testid="take-order">
        {busy ? t("take.busy") : t("take.button")}
      </button>
      {problems.length > 0 ? <FormAlert tone="error" title={t("take.failed")} messages={problems} /> : null}
    </div>
  );
}
