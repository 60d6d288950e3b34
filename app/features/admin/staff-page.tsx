import { useEffect, useState, type FormEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import { STAFF_ROLE_ORDER, type StaffInvitation, type StaffList, type StaffMember, type StaffRoleName } from "../../../contract/staff";
import { type Column, DataTable } from "~/components/ui/data-table";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { currentUserId } from "~/lib/auth/staff-role";
import { formatDateTime } from "~/lib/format-date";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { DeactivateDialog, nameOf, type PendingChange, RoleDialog } from "./staff-dialogs";

const smallButton =
  "rounded-md border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-900";

function InviteForm({ onInvited }: { onInvited: (email: string) => void }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const form = useApiSubmit();
  const roles = STAFF_ROLE_ORDER.map((role) => ({ value: role, label: t(`roles.${role}`) }));
  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const element = event.currentTarget;
    const data = new FormData(element);
    const email = String(data.get("email") ?? "").trim();
    if (!email.includes("@")) return form.invalid({ email: [t("staff.emailInvalid")] });
    const body = { email, role: String(data.get("role")), locale: String(data.get("locale") ?? locale) };
    void form.run(async () => {
      await api("/api/admin/staff/invitations", { body });
      element.reset();
      onInvited(email);
    });
  }
  return (
    <form noValidate onSubmit={onSubmit} aria-labelledby="invite-heading" className="mb-8 rounded-lg border border-slate-300 p-4 dark:border-slate-700">
      <h2 id="invite-heading" className="mb-3 text-xl font-semibold">
        {t("staff.inviteTitle")}
      </h2>
      <SubmitErrorAlert state={form} />
      <div className="grid gap-x-4 sm:grid-cols-[2fr_1fr_1fr]">
        <TextField name="email" type="email" autoComplete="off" label={t("staff.email")} required error={form.fieldErrors.email} />
        <SelectField name="role" label={t("staff.role")} options={roles} defaultValue="writer" error={form.fieldErrors.role} />
        <SelectField name="locale" label={t("staff.language")} options={[{ value: "en", label: "English" }, { value: "es", label: "Español" }]} defaultValue={locale} />
      </div>
      <SubmitButton busy={form.busy} className="mt-2">
        {t("staff.invite")}
      </SubmitButton>
    </form>
  );
}

/** Reactivation, one colleague at a time: its failure shows in that colleague's row. */
function useMemberActions(onChanged: (note: string) => void) {
  const form = useApiSubmit();
  const [actingOn, setActingOn] = useState<string | null>(null);
  const act = (member: StaffMember, path: string, body: unknown, note: string) => {
    setActingOn(member.id);
    void form.run(async () => {
      await api(`/api/admin/staff/${member.id}/${path}`, { body });
      onChanged(note);
    });
  };
  return { busy: form.busy, failedFor: (member: StaffMember) => (form.errorKey && actingOn === member.id ? form : null), act };
}

interface ColumnContext {
  t: TFunction<"admin">;
  locale: Locale;
  self: string | null;
  actions: ReturnType<typeof useMemberActions>;
  /** The change waiting for its confirmation (its dialog is open). */
  pending: PendingChange | null;
  ask(change: PendingChange): void;
}

/** A colleague's role: picking another one asks for a confirmation first (RoleDialog); nothing is saved before. */
function RoleCell({ member, context }: { member: StaffMember; context: ColumnContext }) {
  const { t, self, actions, pending, ask } = context;
  if (member.id === self) return <>{t(`roles.${member.role}`)}</>;
  const shown = pending?.kind === "role" && pending.member.id === member.id ? pending.role : member.role;
  return (
    <label>
      <span className="sr-only">{t("staff.roleOf", { name: nameOf(member) })}</span>
      <select
        value={shown}
        disabled={actions.busy || member.deactivatedAt !== null}
        onChange={(event) => {
          const role = event.target.value as StaffRoleName;
          if (role !== member.role) ask({ kind: "role", member, role });
        }}
        className="rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
      >
        {STAFF_ROLE_ORDER.map((role: StaffRoleName) => (
          <option key={role} value={role}>
            {t(`roles.${role}`)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The name buyers read for a colleague (issue 28: never the e-mail or full name), saved on its own. */
function DisplayNameCell({ member, context }: { member: StaffMember; context: ColumnContext }) {
  const { t, actions } = context;
  return (
    <form
      className="flex flex-wrap items-center gap-2"
      onSubmit={(event) => {
        event.preventDefault();
        const displayName = String(new FormData(event.currentTarget).get("displayName") ?? "").trim();
        actions.act(member, "display-name", { displayName }, t("staff.displayNameSaved", { name: nameOf(member) }));
      }}
    >
      <label>
        <span className="sr-only">{t("staff.displayNameOf", { name: nameOf(member) })}</span>
        <input
          name="displayName"
          defaultValue={member.displayName}
          maxLength={60}
          className="w-36 rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
        />
      </label>
      <button type="submit" className={smallButton} disabled={actions.busy}>
        {t("staff.saveDisplayName")}
      </button>
    </form>
  );
}

function memberColumns(context: ColumnContext): Array<Column<StaffMember>> {
  const { t, locale, self, actions, ask } = context;
  return [
    {
      id: "person",
      header: t("staff.person"),
      cell: (member) => {
        const failed = actions.failedFor(member);
        return (
          <>
            <div className="font-medium">{nameOf(member)}</div>
            <div className="break-all">{member.email}</div>
            {failed ? <p role="alert" className="text-red-700 dark:text-red-300">{failed.general ?? t("staff.failed")}</p> : null}
          </>
        );
      },
    },
    { id: "role", header: t("staff.role"), cell: (member) => <RoleCell member={member} context={context} /> },
    { id: "displayName", header: t("staff.displayName"), cell: (member) => <DisplayNameCell member={member} context={context} /> },
    {
      id: "state",
      header: t("staff.state"),
      cell: (member) =>
        member.deactivatedAt ? t("staff.deactivatedOn", { date: formatDateTime(member.deactivatedAt, locale) }) : member.enrolled ? t("staff.active") : t("staff.notEnrolled"),
    },
    {
      id: "actions",
      header: t("staff.actions"),
      cell: (member) =>
        member.id === self ? (
          t("staff.you")
        ) : member.deactivatedAt ? (
          <button type="button" className={smallButton} disabled={actions.busy} onClick={() => actions.act(member, "reactivate", {}, t("staff.reactivated", { email: member.email }))}>
            {t("staff.reactivate")}
          </button>
        ) : (
          <button type="button" className={smallButton} disabled={actions.busy} onClick={() => ask({ kind: "deactivate", member })}>
            {t("staff.deactivate")}
          </button>
        ),
    },
  ];
}

/** Open invitations, each sent again (a new link, a full 48 hours) or revoked. */
function Invitations({ list, onChanged }: { list: StaffList; onChanged(note: string): void }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const form = useApiSubmit();
  const act = (invitation: StaffInvitation, path: "resend" | "revoke") =>
    void form.run(async () => {
      await api(`/api/admin/staff/invitations/${invitation.id}/${path}`, { method: "POST" });
      onChanged(t(path === "resend" ? "staff.invitationResent" : "staff.invitationRevoked", { email: invitation.email }));
    });
  return (
    <>
      <h2 className="mt-8 mb-2 text-xl font-semibold">{t("staff.invitationsTitle")}</h2>
      {form.errorKey ? <p role="alert" className="mb-2 text-red-700 dark:text-red-300">{form.general ?? t("staff.failed")}</p> : null}
      {list.invitations.length === 0 ? (
        <p>{t("staff.noInvitations")}</p>
      ) : (
        <ul className="space-y-2" data-testid="open-invitations">
          {list.invitations.map((invitation) => (
            <li key={invitation.id} className="flex flex-wrap items-center gap-3">
              <span>{t("staff.invitationLine", { email: invitation.email, role: t(`roles.${invitation.role}`), date: formatDateTime(invitation.expiresAt, locale) })}</span>
              <button type="button" className={smallButton} disabled={form.busy} onClick={() => act(invitation, "resend")} aria-label={t("staff.resendTo", { email: invitation.email })}>
                {t("staff.resend")}
              </button>
              <button type="button" className={smallButton} disabled={form.busy} onClick={() => act(invitation, "revoke")} aria-label={t("staff.revokeFor", { email: invitation.email })}>
                {t("staff.revoke")}
              </button>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** /admin/staff (admins): colleagues with their role and state, open invitations, the invite form. */
export function StaffPage() {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const staff = useApiData<StaffList>("/api/admin/staff");
  const [note, setNote] = useState<string | null>(null);
  const [self, setSelf] = useState<string | null>(null);
  // The signed-in admin's own row cannot be changed from here.
  useEffect(() => setSelf(currentUserId()), []);
  const changed = (message: string) => {
    setNote(message);
    staff.reload();
  };
  const actions = useMemberActions(changed);
  const [pending, setPending] = useState<PendingChange | null>(null);
  const done = (message: string) => {
    setPending(null);
    changed(message);
  };
  const list = staff.data;

  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{t("staff.title")}</h1>
      {note ? <FormAlert tone="success" title={note} /> : null}
      <InviteForm onInvited={(email) => changed(t("staff.invited", { email }))} />
      <h2 className="mb-2 text-xl font-semibold">{t("staff.membersTitle")}</h2>
      <DataTable
        caption={t("staff.caption")}
        columns={memberColumns({ t, locale, self, actions, pending, ask: setPending })}
        rows={list?.members ?? null}
        rowKey={(member) => member.id}
        rowTestId={(member) => `staff-${member.email}`}
        empty={t("staff.empty")}
        load={{ loading: staff.loading && !list, failure: staff.failure, onRetry: staff.reload, loadingText: t("staff.loading") }}
      />
      {list ? <Invitations list={list} onChanged={changed} /> : null}
      <RoleDialog pending={pending} onDone={done} onCancel={() => setPending(null)} />
      <DeactivateDialog pending={pending} colleagues={list?.members ?? []} onDone={done} onCancel={() => setPending(null)} />
    </div>
  );
}
