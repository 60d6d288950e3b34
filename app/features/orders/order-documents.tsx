import { useTranslation } from "react-i18next";
import type { Deliverable } from "../../../contract/order-lifecycle";
import type { OrderListEntry } from "../../../contract/orders";
import { FileButton } from "~/components/ui/file-button";
import { documentPath } from "~/lib/document-path";
import type { Locale } from "../../../common/locales";

type DocumentsOf = Pick<OrderListEntry, "id" | "number" | "status"> & {
  deliverables?: ReadonlyArray<Pick<Deliverable, "refunded" | "credited">>;
};

/** Money went back: the order was cancelled, or (on its page) one of its deliverables was refunded or credited. */
function hasCreditNote(order: DocumentsOf): boolean {
  return order.status === "cancelled" || (order.deliverables ?? []).some((d) => d.refunded > 0 || d.credited > 0);
}

/** The order's invoice, and its latest credit note once money went back, as PDF links for its owner, in the page's language. */
export function OrderDocuments({ order, locale }: { order: DocumentsOf; locale: Locale }) {
  const { t } = useTranslation("paperwork");
  const base = `/api/orders/${encodeURIComponent(order.id)}`;
  return (
    <div className="flex flex-wrap items-center gap-4" data-testid="order-documents">
      <FileButton look="link" path={documentPath(`${base}/invoice`, locale)} label={t("documents.invoiceOf", { number: order.number })}>
        {t("documents.invoice")}
      </FileButton>
      {hasCreditNote(order) ? (
        <FileButton
          look="link"
          path={documentPath(`${base}/credit-note`, locale)}
          label={t("documents.creditNoteOf", { number: order.number })}
        >
          {t("documents.creditNote")}
        </FileButton>
      ) : null}
    </div>
  );
}
