import { useState, type FormEvent, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "../../../contract/accounts";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { FileButton } from "~/components/ui/file-button";
import { SubmitButton, buttonClass } from "~/components/ui/submit-button";
import { TextField } from "~/components/ui/text-field";
import { useLocale } from "~/i18n/use-locale";
import { ACCOUNT_CLOSED_REASON } from "~/lib/auth/account-closed";
import { closeAccount } from "./account-calls";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { formValues, useAccountForm } from "./use-account-form";

const closeFormSchema = z.object({
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  confirmed: z.literal(true),
});

function CloseAccountForm({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation("paperwork");
  const navigate = useNavigate();
  const { to } = useLocale();
  const form = useAccountForm(closeFormSchema);
  const errors = form.fieldErrors;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const closed = await form.send(formValues(event.currentTarget, ["confirmed"]), ({ password }) => closeAccount(password));
    if (!closed) return;
    // The tokens no longer work on the server; the page it lands on forgets them once this guarded page is gone
    // (cleared here, the profile's guard would send the customer to the sign-in page first).
    await navigate(`${to("/not-logged-in")}?reason=${ACCOUNT_CLOSED_REASON}`, { state: { [ACCOUNT_CLOSED_REASON]: true } });
  }

  return (
    <form ref={form.ref} noValidate onSubmit={onSubmit} aria-label={t("privacy.closeTitle")} className="mt-4 rounded-lg border border-red-300 p-4 dark:border-red-900" data-testid="close-account-form">
      <SubmitErrorAlert state={form} />
      <TextField name="password" type="password" autoComplete="current-password" label={t("privacy.password")} required error={errors.password} />
      <CheckboxField name="confirmed" label={t("privacy.confirm")} required error={errors.confirmed ? [t("privacy.confirmNeeded")] : undefined} />
      <div className="mt-4 flex flex-wrap gap-3">
        <SubmitButton busy={form.busy} className="bg-red-700 hover:bg-red-600 focus-visible:outline-red-500">
          {t("privacy.confirmSubmit")}
        </SubmitButton>
        <button type="button" onClick={onCancel} className="rounded-md px-4 py-2 font-medium text-slate-700 underline underline-offset-2 dark:text-slate-300">
          {t("privacy.cancel")}
        </button>
      </div>
    </form>
  );
}

/**
 * "Your data": download everything kept about me as a file; close my account after confirming with my password.
 * `beforeClosing` comes first in the closing part (the page puts the money left on the balance there, with the way to
 * withdraw it).
 */
export function PrivacySection({ beforeClosing }: { beforeClosing?: ReactNode }) {
  const { t } = useTranslation("paperwork");
  const [closing, setClosing] = useState(false);
  return (
    <section aria-labelledby="privacy-heading" className="mt-10 max-w-xl border-t border-slate-300 pt-6 dark:border-slate-800">
      <h2 id="privacy-heading" className="text-xl font-semibold">
        {t("privacy.title")}
      </h2>
      <p className="mt-1 mb-4 text-slate-600 dark:text-slate-400">{t("privacy.exportIntro")}</p>
      <FileButton path="/api/accounts/export">{t("privacy.export")}</FileButton>

      <h3 className="mt-8 text-lg font-semibold">{t("privacy.closeTitle")}</h3>
      <p className="mt-1 text-slate-600 dark:text-slate-400">{t("privacy.closeIntro")}</p>
      {beforeClosing}
      {closing ? (
        <CloseAccountForm onCancel={() => setClosing(false)} />
      ) : (
        <button type="button" onClick={() => setClosing(true)} className={`${buttonClass} mt-4 bg-red-700 hover:bg-red-600`} aria-expanded={false}>
          {t("privacy.close")}
        </button>
      )}
    </section>
  );
}
