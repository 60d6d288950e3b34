import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import type { StaffChallenge, StaffTokens } from "../../../contract/staff";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { api } from "~/lib/api/client";
import { saveBlob } from "~/lib/api/save-file";

/** The frame of the staff sign-in and invitation steps. */
export function StepCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <main className="mx-auto w-full max-w-lg px-4 py-12">
      <h1 className="mb-6 text-3xl font-semibold tracking-tight" tabIndex={-1}>
        {title}
      </h1>
      {children}
    </main>
  );
}

function CodeForm({ label, hint, submit, onSubmit, autoComplete = "one-time-code" }: {
  label: string;
  hint: string;
  submit: string;
  autoComplete?: string;
  onSubmit: (code: string) => Promise<unknown>;
}) {
  const form = useApiSubmit();
  const frame = useRef<HTMLFormElement>(null);
  // Each step starts at its code field, so the keyboard user types at once.
  useEffect(() => frame.current?.querySelector("input")?.focus(), []);
  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get("code") ?? "").trim();
    void form.run(() => onSubmit(code));
  }
  return (
    <form ref={frame} noValidate onSubmit={send}>
      <SubmitErrorAlert state={form} />
      <TextField name="code" label={label} hint={hint} inputMode="text" autoComplete={autoComplete} required error={form.fieldErrors.code} />
      <SubmitButton busy={form.busy} className="mt-4">
        {submit}
      </SubmitButton>
    </form>
  );
}

/** Sign-in step 2: the code from the app, or a recovery code. */
export function CodeStep({ challenge, onSignedIn }: { challenge: StaffChallenge; onSignedIn: (tokens: StaffTokens) => void }) {
  const { t } = useTranslation("admin");
  return (
    <StepCard title={t("signIn.codeTitle")}>
      <p className="mb-4">{t("signIn.codeText")}</p>
      <CodeForm
        label={t("signIn.code")}
        hint={t("signIn.codeHint")}
        submit={t("signIn.verify")}
        onSubmit={async (code) => onSignedIn(await api<StaffTokens>("/api/admin/auth/verify", { body: { challenge: challenge.challenge, code }, auth: false }))}
      />
    </StepCard>
  );
}

/** Enrolment: the QR code and the secret, then a first code confirms them. */
export function EnrolStep({ challenge, onEnrolled }: { challenge: StaffChallenge; onEnrolled: (tokens: StaffTokens) => void }) {
  const { t } = useTranslation("admin");
  const enrolment = challenge.enrolment;
  if (!enrolment) return null;
  return (
    <StepCard title={t("enrol.title")}>
      <ol className="mb-6 list-decimal space-y-2 pl-5">
        <li>{t("enrol.stepApp")}</li>
        <li>{t("enrol.stepScan")}</li>
        <li>{t("enrol.stepCode")}</li>
      </ol>
      <img src={enrolment.qrCode} alt={t("enrol.qrAlt")} width={240} height={240} className="mb-4 rounded bg-white" />
      <p className="mb-1 text-sm">{t("enrol.secretLabel")}</p>
      <p className="mb-6 break-all rounded bg-slate-100 px-3 py-2 font-mono text-sm dark:bg-slate-900" data-testid="totp-secret">
        {enrolment.secret}
      </p>
      <CodeForm
        label={t("enrol.code")}
        hint={t("enrol.codeHint")}
        submit={t("enrol.confirm")}
        onSubmit={async (code) => onEnrolled(await api<StaffTokens>("/api/admin/auth/enrol", { body: { challenge: challenge.challenge, code }, auth: false }))}
      />
    </StepCard>
  );
}

/** The codes as a text file, one a line, with a line saying what they are. */
function codesText(codes: string[], heading: string): string {
  return `${heading}\n\n${codes.join("\n")}\n`;
}

/** Copy the recovery codes to the clipboard, or download them as a .txt file; a status line says what happened. */
function KeepCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation("admin");
  const [said, setSaid] = useState("");
  const text = codesText(codes, t("recovery.fileHeading"));
  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setSaid(t("recovery.copied"));
    } catch {
      setSaid(t("recovery.copyFailed"));
    }
  }
  function download() {
    saveBlob(new Blob([text], { type: "text/plain;charset=utf-8" }), "scriptorium-recovery-codes.txt");
    setSaid(t("recovery.downloaded"));
  }
  return (
    <div className="mb-6">
      <div className="flex flex-wrap gap-3">
        <button type="button" className="secondary-button" onClick={() => void copy()}>
          {t("recovery.copy")}
        </button>
        <button type="button" className="secondary-button" onClick={download}>
          {t("recovery.download")}
        </button>
      </div>
      <p role="status" className="mt-2 text-sm" data-testid="recovery-status">
        {said}
      </p>
    </div>
  );
}

/** The recovery codes, shown this once; the person confirms they kept them before going on. */
export function RecoveryCodes({ codes, onContinue }: { codes: string[]; onContinue: () => void }) {
  const { t } = useTranslation("admin");
  const [kept, setKept] = useState(false);
  return (
    <StepCard title={t("recovery.title")}>
      <p className="mb-4">{t("recovery.text")}</p>
      <ul className="mb-6 grid grid-cols-2 gap-2 font-mono" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code} className="rounded bg-slate-100 px-3 py-1 dark:bg-slate-900">
            {code}
          </li>
        ))}
      </ul>
      <KeepCodes codes={codes} />
      <label className="mb-4 flex items-center gap-2">
        <input type="checkbox" checked={kept} onChange={(event) => setKept(event.target.checked)} className="h-4 w-4" />
        {t("recovery.kept")}
      </label>
      <SubmitButton type="button" disabled={!kept} onClick={onContinue}>
        {t("recovery.continue")}
      </SubmitButton>
    </StepCard>
  );
}
