import { useTranslation } from "react-i18next";
import type { OrderListEntry } from "../../../contract/orders";
import { FileButton } from "~/components/ui/file-button";

/** The order's invoice, and its credit note once it was cancelled with money back, as PDF links for its owner. */
export function OrderDocuments({ order }: { order: Pick<OrderListEntry, "id" | "number" | "status"> }) {
  const { t } = useTranslation("paperwork");
  const base = `/api/orders/${encodeURIComponent(order.id)}`;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="order-documents">
      <FileButton look="link" path={`${base}/invoice`} label={t("documents.invoiceOf", { number: order.number })}>
        {t("documents.invoice")}
      </FileButton>
      {order.status === "cancelled" ? (
        <FileButton look="link" path={`${base}/credit-note`} label={t("documents.creditNoteOf", { number: order.number })}>
          {t("documents.creditNote")}
        </FileButton>
      ) : null}
    </div>
  );
}
