import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import type { StaffChallenge, StaffTokens } from "../../../contract/staff";
import { CheckboxField } from "~/components/ui/checkbox-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { tokens } from "~/lib/api/tokens";
import { safeRedirect } from "~/lib/auth/redirect";
import { api } from "~/lib/api/client";
import { CodeStep, EnrolStep, RecoveryCodes, StepCard } from "./second-factor";

/**
 * The staff sign-in at /admin/sign-in: email and password, then the code from the authenticator app (or a
 * recovery code); the first time, enrolment with the QR code and the recovery codes shown once. Then the back
 * office, or `?redirect=` when it is an /admin path.
 */
export function StaffSignIn() {
  const { t } = useTranslation("admin");
  const { to } = useLocale();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const form = useApiSubmit();
  const [rememberMe, setRememberMe] = useState(false);
  const [challenge, setChallenge] = useState<StaffChallenge | null>(null);
  const [recovery, setRecovery] = useState<{ codes: string[]; tokens: StaffTokens } | null>(null);
  const fallback = to("/admin");
  const target = safeRedirect(search.get("redirect"), fallback);
  const destination = /^\/(es\/)?admin(\/|$|\?)/.test(target) ? target : fallback;

  const finish = (pair: StaffTokens) => {
    tokens.save({ accessToken: pair.accessToken, refreshToken: pair.refreshToken }, rememberMe);
    void navigate(destination, { replace: true });
  };

  if (recovery) return <RecoveryCodes codes={recovery.codes} onContinue={() => finish(recovery.tokens)} />;
  if (challenge?.step === "code") return <CodeStep challenge={challenge} onSignedIn={finish} />;
  if (challenge?.step === "enrol") {
    return <EnrolStep challenge={challenge} onEnrolled={(pair) => setRecovery({ codes: pair.recoveryCodes ?? [], tokens: pair })} />;
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const email = String(data.get("email") ?? "").trim();
    const password = String(data.get("password") ?? "");
    const missing: Record<string, string[]> = {};
    if (!email) missing.email = [t("signIn.emailMissing")];
    if (!password) missing.password = [t("signIn.passwordMissing")];
    if (Object.keys(missing).length > 0) return form.invalid(missing);
    void form.run(async () => setChallenge(await api<StaffChallenge>("/api/admin/auth/sign-in", { body: { email, password, rememberMe }, auth: false })));
  }

  return (
    <StepCard title={t("signIn.title")}>
      <p className="mb-6">{t("signIn.text")}</p>
      <form noValidate onSubmit={onSubmit} aria-label={t("signIn.title")}>
        <SubmitErrorAlert state={form} />
        <TextField name="email" type="email" autoComplete="username" label={t("signIn.email")} required error={form.fieldErrors.email} />
        <TextField name="password" type="password" autoComplete="current-password" label={t("signIn.password")} required error={form.fieldErrors.password} />
        <CheckboxField name="rememberMe" label={t("signIn.rememberMe")} checked={rememberMe} onChange={(event) => setRememberMe(event.target.checked)} />
        <SubmitButton busy={form.busy} className="mt-4">
          {t("signIn.submit")}
        </SubmitButton>
      </form>
    </StepCard>
  );
}
