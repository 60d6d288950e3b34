import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { InvitationLookup, StaffChallenge, StaffTokens } from "../../../contract/staff";
import { FormAlert } from "~/components/ui/form-alert";
import { buttonClass, SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { tokens } from "~/lib/api/tokens";
import { errorText } from "~/lib/error-text";
import { formatDateTime } from "~/lib/format-date";
import { api } from "~/lib/api/client";
import { EnrolStep, RecoveryCodes, StepCard } from "./second-factor";

type Lookup = { state: "loading" } | { state: "ready"; invitation: InvitationLookup } | { state: "failed"; message: string };

/**
 * /admin/invitation#<token>: the invited colleague sees their email and role, chooses a name and a password, enrols
 * the second factor, keeps the recovery codes and lands in the back office. The token stays in the fragment.
 */
export function InvitationPage() {
  const { t } = useTranslation("admin");
  const { t: tErrors } = useTranslation("errors");
  const { locale, to } = useLocale();
  const navigate = useNavigate();
  const form = useApiSubmit();
  const [token, setToken] = useState("");
  const [lookup, setLookup] = useState<Lookup>({ state: "loading" });
  const [challenge, setChallenge] = useState<StaffChallenge | null>(null);
  const [done, setDone] = useState<StaffTokens | null>(null);

  useEffect(() => {
    const found = window.location.hash.slice(1);
    setToken(found);
    if (!found) return setLookup({ state: "failed", message: t("invitation.noToken") });
    api<InvitationLookup>("/api/admin/invitations/lookup", { body: { token: found }, auth: false })
      .then((invitation) => setLookup({ state: "ready", invitation }))
      .catch((error: unknown) => setLookup({ state: "failed", message: errorText(error, tErrors) }));
  }, [t, tErrors]);

  if (done) {
    return (
      <RecoveryCodes
        codes={done.recoveryCodes ?? []}
        onContinue={() => {
          tokens.save({ accessToken: done.accessToken, refreshToken: done.refreshToken }, false);
          void navigate(to("/admin"), { replace: true });
        }}
      />
    );
  }
  if (challenge) return <EnrolStep challenge={challenge} onEnrolled={setDone} />;

  if (lookup.state === "loading") {
    return (
      <StepCard title={t("invitation.title")}>
        <p role="status">{t("invitation.loading")}</p>
      </StepCard>
    );
  }
  if (lookup.state === "failed") {
    return (
      <StepCard title={t("invitation.title")}>
        <FormAlert tone="error" title={lookup.message} />
        <Link to={to("/admin/sign-in")} className={buttonClass}>
          {t("invitation.signIn")}
        </Link>
      </StepCard>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const value = (name: string) => String(data.get(name) ?? "");
    const body = { token, firstName: value("firstName").trim(), lastName: value("lastName").trim(), password: value("password"), repeatedPassword: value("repeatedPassword") };
    const missing: Record<string, string[]> = {};
    if (!body.firstName) missing.firstName = [t("invitation.required")];
    if (!body.lastName) missing.lastName = [t("invitation.required")];
    if (body.password.length < 8) missing.password = [t("invitation.passwordShort")];
    else if (body.password !== body.repeatedPassword) missing.repeatedPassword = [t("invitation.passwordsDiffer")];
    if (Object.keys(missing).length > 0) return form.invalid(missing);
    void form.run(async () => setChallenge(await api<StaffChallenge>("/api/admin/invitations/accept", { body, auth: false })));
  }

  const { invitation } = lookup;
  return (
    <StepCard title={t("invitation.title")}>
      <p className="mb-2">{t("invitation.text", { email: invitation.email, role: t(`roles.${invitation.role}`) })}</p>
      <p className="mb-6 text-sm text-slate-600 dark:text-slate-400">{t("invitation.expires", { date: formatDateTime(invitation.expiresAt, locale) })}</p>
      <form noValidate onSubmit={onSubmit} aria-label={t("invitation.title")}>
        <SubmitErrorAlert state={form} />
        <TextField name="firstName" autoComplete="given-name" label={t("invitation.firstName")} required error={form.fieldErrors.firstName} />
        <TextField name="lastName" autoComplete="family-name" label={t("invitation.lastName")} required error={form.fieldErrors.lastName} />
        <TextField name="password" type="password" autoComplete="new-password" label={t("invitation.password")} hint={t("invitation.passwordHint")} required error={form.fieldErrors.password} />
        <TextField name="repeatedPassword" type="password" autoComplete="new-password" label={t("invitation.repeatedPassword")} required error={form.fieldErrors.repeatedPassword} />
        <SubmitButton busy={form.busy} className="mt-4">
          {t("invitation.submit")}
        </SubmitButton>
      </form>
    </StepCard>
  );
}
