import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { ProductId } from "../../../contract/catalog";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import { LineBrief } from "~/components/briefs/line-brief";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import type { Locale } from "../../../common/locales";
import { api } from "~/lib/api/client";
import { briefToDraft, lineBrief, type LineDraft } from "~/lib/briefs/brief-values";

export interface BriefEditorProps {
  orderId: string;
  position: number;
  productId: ProductId;
  brief: Record<string, unknown>;
  locale: Locale;
  serviceName(id: string): string;
  onSaved(order: OrderDetail): void;
  onCancel(): void;
}

/** While staff wait for an answer: the item's brief as a form, prefilled; saving it is the answer (POST /api/orders/{id}/brief). */
export function BriefEditor({ orderId, position, productId, brief, locale, serviceName, onSaved, onCancel }: BriefEditorProps) {
  const { t } = useTranslation("orders");
  const { t: te } = useTranslation("errors");
  const submit = useApiSubmit();
  const [draft, setDraft] = useState<LineDraft>(() => briefToDraft(productId, brief));
  return (
    <form
      className="space-y-4"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit
          .run(() => api<OrderDetail>(`/api/orders/${encodeURIComponent(orderId)}/brief`, { method: "POST", body: { position, brief: lineBrief(productId, draft) } }))
          .then((next) => next && onSaved(next));
      }}
    >
      {submit.errorKey ? <FormAlert tone="error" title={submit.general ?? te(submit.errorKey)} /> : null}
      <LineBrief
        productId={productId}
        draft={draft}
        onChange={setDraft}
        errors={submit.fieldErrors}
        errorPrefix="brief"
        locale={locale}
        serviceName={serviceName}
        disabled={submit.busy}
      />
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={submit.busy} data-testid={`save-brief-${position}`}>
          {t("briefEdit.save")}
        </SubmitButton>
        <button type="button" className="rounded-md border border-slate-400 px-4 py-2 font-medium hover:bg-slate-100 dark:hover:bg-slate-800" onClick={onCancel}>
          {t("briefEdit.cancel")}
        </button>
      </div>
    </form>
  );
}
