import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { PromotionCode, PromotionCodeList } from "../../../contract/promotions";
import { LoadState } from "~/components/ui/load-state";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { useProductName } from "~/lib/product-name";
import { PromotionForm } from "./promotion-form";
import { amountsText } from "./promotion-values";

/** One code's row: what it takes off, for what, when, its uses and money, and its actions. */
function CodeRow({ code, onChanged, onEdit }: { code: PromotionCode; onChanged(code: PromotionCode): void; onEdit?: () => void }) {
  const { t } = useTranslation("admin-promotions");
  const { locale } = useLocale();
  const name = useProductName();
  const toggle = useApiSubmit();
  const date = (iso: string | null) => (iso ? new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso)) : t("list.noEnd"));
  const flip = async () => {
    const answer = await toggle.run(() => api<PromotionCode>(`/api/admin/promotion-codes/${code.id}/${code.paused ? "resume" : "pause"}`, { method: "POST" }));
    if (answer) onChanged(answer);
  };
  return (
    <tr className="border-t border-slate-200 align-top dark:border-slate-800" data-testid={`promotion-${code.code}`}>
      <th scope="row" className="py-2 pr-3 text-left font-mono">{code.code}</th>
      <td className="py-2 pr-3">{code.percent !== null ? t("list.percent", { percent: code.percent }) : amountsText(code.amounts, locale)}</td>
      <td className="py-2 pr-3">{code.productIds.length === 0 ? t("list.allServices") : code.productIds.map(name).join(", ")}</td>
      <td className="py-2 pr-3">{date(code.startsAt)} – {date(code.endsAt)}</td>
      <td className="py-2 pr-3 tabular-nums" data-testid="promotion-uses">{code.maxUses === null ? code.uses : t("list.usesOf", { uses: code.uses, max: code.maxUses })}</td>
      <td className="py-2 pr-3 tabular-nums" data-testid="promotion-revenue">{amountsText(code.revenue, locale) || "—"}</td>
      <td className="py-2 pr-3">{code.paused ? t("list.paused") : t("list.active")}</td>
      {onEdit ? (
      <td className="py-2">
        <div className="flex gap-2">
          <button type="button" className="underline" onClick={onEdit}>{t("list.edit", { code: code.code })}</button>
          <button type="button" className="underline" onClick={() => void flip()} disabled={toggle.busy}>
            {code.paused ? t("list.resume", { code: code.code }) : t("list.pause", { code: code.code })}
          </button>
        </div>
        <SubmitErrorAlert state={toggle} />
      </td>
      ) : null}
    </tr>
  );
}

/** The codes with their figures, as the back office and its dashboard show them. */
export function PromotionTable({ items, onChanged, onEdit }: { items: PromotionCode[]; onChanged(code: PromotionCode): void; onEdit?: (code: PromotionCode) => void }) {
  const { t } = useTranslation("admin-promotions");
  if (items.length === 0) return <p>{t("list.empty")}</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full text-sm">
        <thead>
          <tr className="text-left">
            {(["code", "discount", "services", "dates", "uses", "revenue", "state", ...(onEdit ? (["actions"] as const) : [])] as const).map((column) => (
              <th key={column} scope="col" className="py-2 pr-3">{t(`list.columns.${column}`)}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {items.map((code) => (
            <CodeRow key={code.id} code={code} onChanged={onChanged} onEdit={onEdit ? () => onEdit(code) : undefined} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Promotion codes (managers and admins): the list with uses and revenue, a new code, and each code's changes. */
export function PromotionsPage() {
  const { t } = useTranslation("admin-promotions");
  const { data, failure, loading, reload, replace } = useApiData<PromotionCodeList>("/api/admin/promotion-codes");
  const [editing, setEditing] = useState<PromotionCode | null>(null);
  const put = (next: PromotionCode) => {
    const items = data?.items ?? [];
    replace({ items: items.some((item) => item.id === next.id) ? items.map((item) => (item.id === next.id ? next : item)) : [next, ...items] });
  };
  return (
    <section className="space-y-6">
      <h1 className="text-3xl font-semibold tracking-tight">{t("heading")}</h1>
      <p className="max-w-3xl text-slate-700 dark:text-slate-300">{t("intro")}</p>
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
        {data ? <PromotionTable items={data.items} onChanged={put} onEdit={setEditing} /> : null}
      </LoadState>
      {editing ? <PromotionForm key={editing.id} code={editing} onSaved={(next) => { put(next); setEditing(null); }} /> : null}
      <PromotionForm onSaved={put} />
    </section>
  );
}

/** The dashboard's view of the codes: each one's uses and revenue. */
export function PromotionFigures() {
  const { t } = useTranslation("admin-promotions");
  const { data, failure, loading, reload } = useApiData<PromotionCodeList>("/api/admin/promotion-codes");
  return (
    <section aria-labelledby="promotion-figures" className="space-y-3" data-testid="promotion-figures">
      <h2 id="promotion-figures" className="text-xl font-semibold">{t("dashboardHeading")}</h2>
      <LoadState loading={loading} failure={failure} onRetry={reload} loadingText={t("loading")} retryText={t("retry")}>
        {data ? <PromotionTable items={data.items} onChanged={reload} /> : null}
      </LoadState>
    </section>
  );
}
