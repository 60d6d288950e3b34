import { type FormEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import { CURRENCIES } from "../../../contract/currency-codes";
import { PRODUCT_IDS } from "../../../contract/product-ids";
import type { PromotionCode } from "../../../contract/promotions";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FormAlert } from "~/components/ui/form-alert";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { useProductName } from "~/lib/product-name";
import { amountsFrom, decimalOf, isoFromLocal, localFromIso } from "./promotion-values";

/** The request's body from the form: percent or amounts, the services ticked, the dates, the rules. */
function bodyOf(data: FormData) {
  const percent = decimalOf(data.get("percent"));
  const amounts = amountsFrom(data, "amount");
  const maxUses = decimalOf(data.get("maxUses"));
  return {
    code: String(data.get("code") ?? ""),
    percent,
    amounts: Object.keys(amounts).length > 0 ? amounts : null,
    productIds: data.getAll("productIds").map(String),
    startsAt: isoFromLocal(data.get("startsAt")) ?? new Date().toISOString(),
    endsAt: isoFromLocal(data.get("endsAt")),
    oncePerCustomer: data.get("oncePerCustomer") === "on",
    firstOrderOnly: data.get("firstOrderOnly") === "on",
    minimumTotal: amountsFrom(data, "minimum"),
    maxUses,
    paused: data.get("paused") === "on",
  };
}

/** A new code, or the changes to `code`: one form either way (managers and admins). */
export function PromotionForm({ code, onSaved }: { code?: PromotionCode; onSaved(code: PromotionCode): void }) {
  const { t } = useTranslation("admin-promotions");
  const name = useProductName();
  const submit = useApiSubmit();
  const [saved, setSaved] = useState(false);
  const errors = submit.fieldErrors;
  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setSaved(false);
    const form = event.currentTarget;
    const body = bodyOf(new FormData(form));
    const path = code ? `/api/admin/promotion-codes/${code.id}` : "/api/admin/promotion-codes";
    const answer = await submit.run(() => api<PromotionCode>(path, { method: code ? "PUT" : "POST", body }));
    if (!answer) return;
    if (!code) form.reset();
    setSaved(true);
    onSaved(answer);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="space-y-3 rounded-md border border-slate-300 p-4 dark:border-slate-700" data-testid="promotion-form">
      <h2 className="text-lg font-semibold">{code ? t("form.editHeading", { code: code.code }) : t("form.newHeading")}</h2>
      {saved ? <FormAlert tone="success" title={t("form.saved")} /> : null}
      <SubmitErrorAlert state={submit} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("form.code")} name="code" defaultValue={code?.code} required error={errors.code} hint={t("form.codeHint")} />
        <TextField label={t("form.percent")} name="percent" inputMode="numeric" defaultValue={code?.percent ?? ""} error={errors.percent} hint={t("form.percentHint")} />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 font-medium">{t("form.amounts")}</legend>
        {CURRENCIES.map((currency) => (
          <TextField key={currency} label={currency} name={`amount-${currency}`} inputMode="decimal" defaultValue={code?.amounts?.[currency] ?? ""} error={errors[`amounts.${currency}`]} />
        ))}
      </fieldset>
      <fieldset>
        <legend className="mb-1 font-medium">{t("form.services")}</legend>
        <p className="mb-2 text-sm text-slate-600 dark:text-slate-400">{t("form.servicesHint")}</p>
        <div className="grid gap-1 sm:grid-cols-3">
          {PRODUCT_IDS.map((id) => (
            <label key={id} className="flex items-center gap-2">
              <input type="checkbox" name="productIds" value={id} defaultChecked={code?.productIds.includes(id)} />
              {name(id)}
            </label>
          ))}
        </div>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField label={t("form.startsAt")} name="startsAt" type="datetime-local" defaultValue={localFromIso(code?.startsAt ?? null)} error={errors.startsAt} hint={t("form.startsAtHint")} />
        <TextField label={t("form.endsAt")} name="endsAt" type="datetime-local" defaultValue={localFromIso(code?.endsAt ?? null)} error={errors.endsAt} />
      </div>
      <fieldset className="grid gap-3 sm:grid-cols-3">
        <legend className="mb-1 font-medium">{t("form.minimum")}</legend>
        {CURRENCIES.map((currency) => (
          <TextField key={currency} label={currency} name={`minimum-${currency}`} inputMode="decimal" defaultValue={code?.minimumTotal[currency] ?? ""} error={errors[`minimumTotal.${currency}`]} />
        ))}
      </fieldset>
      <TextField label={t("form.maxUses")} name="maxUses" inputMode="numeric" defaultValue={code?.maxUses ?? ""} error={errors.maxUses} hint={t("form.maxUsesHint")} />
      <CheckboxField label={t("form.oncePerCustomer")} name="oncePerCustomer" defaultChecked={code?.oncePerCustomer} />
      <CheckboxField label={t("form.firstOrderOnly")} name="firstOrderOnly" defaultChecked={code?.firstOrderOnly} />
      <CheckboxField label={t("form.paused")} name="paused" defaultChecked={code?.paused} />
      <SubmitButton busy={submit.busy}>{code ? t("form.save") : t("form.create")}</SubmitButton>
    </form>
  );
}
