import { useTranslation } from "react-i18next";
import type { Deliverable, OrderDetail } from "../../../contract/order-lifecycle";
import { FormAlert } from "../../components/ui/form-alert";
import { SubmitButton } from "../../components/ui/submit-button";
import { useApiSubmit } from "../../components/ui/use-api-submit";
import { api } from "../../lib/api/client";

/**
 * Who writes the deliverable, by display name only (issue 28), and once it is accepted a button that marks them as a
 * favourite writer, to ask for them on the next order; a favourite has a button that removes them from the favourites.
 */
export function DeliverableWriter({
  orderId,
  deliverable,
  onChange,
}: {
  orderId: string;
  deliverable: Deliverable;
  onChange(order: OrderDetail): void;
}) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const submit = useApiSubmit();
  const writer = deliverable.writer;
  if (!writer) return null;
  const mark = async () => {
    const path = `/api/orders/${encodeURIComponent(orderId)}/deliverables/${deliverable.n}/favourite`;
    const next = await submit.run(() => api<OrderDetail>(path, { method: "POST" }));
    if (next) onChange(next);
  };
  const unmark = async () => {
    const next = await submit.run(async () => {
      await api(`/api/favourite-writers/${encodeURIComponent(writer.writerId)}`, { method: "DELETE" });
      return api<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}`);
    });
    if (next) onChange(next);
  };
  return (
    <div className="space-y-2 text-sm" data-testid="deliverable-writer">
      <p>
        {t("writer.by", { name: writer.displayName })}
        {writer.favourite ? (
          <span className="ml-2 font-medium text-emerald-800 dark:text-emerald-300">★ {t("writer.favourite")}</span>
        ) : null}
      </p>
      {submit.errorKey ? <FormAlert tone="error" title={submit.general ?? te(submit.errorKey)} /> : null}
      {deliverable.status === "completed" && !writer.favourite ? (
        <SubmitButton
          type="button"
          busy={submit.busy}
          className="bg-amber-700 hover:bg-amber-600"
          onClick={() => void mark()}
          data-testid="mark-favourite"
        >
          {t("writer.mark", { name: writer.displayName })}
        </SubmitButton>
      ) : null}
      {writer.favourite ? (
        <SubmitButton
          type="button"
          busy={submit.busy}
          className="bg-stone-600 hover:bg-stone-500"
          onClick={() => void unmark()}
          data-testid="unmark-favourite"
        >
          {t("writer.unmark", { name: writer.displayName })}
        </SubmitButton>
      ) : null}
    </div>
  );
}
