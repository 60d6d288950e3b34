import { useCallback, useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { STAFF_ROLE_ORDER, type StaffList, type StaffMember, type StaffRoleName } from "../../../contract/staff";
import { FormAlert } from "~/components/ui/form-alert";
import { SelectField } from "~/components/ui/select-field";
import { SubmitButton } from "~/components/ui/submit-button";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { TextField } from "~/components/ui/text-field";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { currentUserId } from "~/lib/auth/staff-role";
import { errorText } from "~/lib/error-text";
import { formatDateTime } from "~/lib/format-date";
import { api } from "~/lib/api/client";

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

function MemberRow({ member, self, onChanged }: { member: StaffMember; self: boolean; onChanged: (note: string) => void }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const form = useApiSubmit();
  const name = `${member.firstName} ${member.lastName}`.trim();
  const act = (path: string, body: unknown, note: string) =>
    void form.run(async () => {
      await api(`/api/admin/staff/${member.id}/${path}`, { body });
      onChanged(note);
    });
  return (
    <tr className="border-t border-slate-300 align-top dark:border-slate-700" data-testid={`staff-${member.email}`}>
      <td className="py-2 pr-3">
        <div className="font-medium">{name}</div>
        <div className="text-sm break-all">{member.email}</div>
        {form.errorKey ? <p role="alert" className="text-sm text-red-700 dark:text-red-300">{form.general ?? t("staff.failed")}</p> : null}
      </td>
      <td className="py-2 pr-3">
        {self ? (
          t(`roles.${member.role}`)
        ) : (
          <label>
            <span className="sr-only">{t("staff.roleOf", { name: name || member.email })}</span>
            <select
              value={member.role}
              disabled={form.busy || member.deactivatedAt !== null}
              onChange={(event) => act("role", { role: event.target.value }, t("staff.roleChanged", { email: member.email }))}
              className="rounded-md border border-slate-400 bg-white px-2 py-1.5 dark:border-slate-600 dark:bg-slate-900"
            >
              {STAFF_ROLE_ORDER.map((role: StaffRoleName) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </label>
        )}
      </td>
      <td className="py-2 pr-3 text-sm">
        {member.deactivatedAt ? t("staff.deactivatedOn", { date: formatDateTime(member.deactivatedAt, locale) }) : member.enrolled ? t("staff.active") : t("staff.notEnrolled")}
      </td>
      <td className="py-2">
        {self ? (
          <span className="text-sm">{t("staff.you")}</span>
        ) : member.deactivatedAt ? (
          <button type="button" className={smallButton} disabled={form.busy} onClick={() => act("reactivate", {}, t("staff.reactivated", { email: member.email }))}>
            {t("staff.reactivate")}
          </button>
        ) : (
          <button
            type="button"
            className={smallButton}
            disabled={form.busy}
            onClick={() => {
              if (window.confirm(t("staff.confirmDeactivate", { email: member.email }))) act("deactivate", {}, t("staff.deactivated", { email: member.email }));
            }}
          >
            {t("staff.deactivate")}
          </button>
        )}
      </td>
    </tr>
  );
}

/** /admin/staff (admins): colleagues with their role and state, open invitations, the invite form. */
export function StaffPage() {
  const { t } = useTranslation("admin");
  const { t: tErrors } = useTranslation("errors");
  const { locale } = useLocale();
  const [list, setList] = useState<StaffList | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [self, setSelf] = useState<string | null>(null);

  const load = useCallback(() => {
    api<StaffList>("/api/admin/staff")
      .then((answer) => {
        setList(answer);
        setFailure(null);
      })
      .catch((error: unknown) => setFailure(errorText(error, tErrors)));
  }, [tErrors]);
  useEffect(() => {
    load();
    // The signed-in admin's own row cannot be changed from here.
    setSelf(currentUserId());
  }, [load]);
  const changed = (message: string) => {
    setNote(message);
    load();
  };

  return (
    <div className="max-w-5xl">
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{t("staff.title")}</h1>
      {note ? <FormAlert tone="success" title={note} /> : null}
      <InviteForm onInvited={(email) => changed(t("staff.invited", { email }))} />
      {failure ? <FormAlert tone="error" title={failure} /> : null}
      {!list && !failure ? <p role="status">{t("staff.loading")}</p> : null}
      {list ? (
        <>
          <h2 className="mb-2 text-xl font-semibold">{t("staff.membersTitle")}</h2>
          {list.members.length === 0 ? (
            <p>{t("staff.empty")}</p>
          ) : (
            <div className="overflow-x-auto">
              <table className="mb-8 w-full text-left">
                <thead>
                  <tr className="text-sm">
                    <th scope="col" className="py-2 pr-3">{t("staff.person")}</th>
                    <th scope="col" className="py-2 pr-3">{t("staff.role")}</th>
                    <th scope="col" className="py-2 pr-3">{t("staff.state")}</th>
                    <th scope="col" className="py-2">{t("staff.actions")}</th>
                  </tr>
                </thead>
                <tbody>
                  {list.members.map((member) => (
                    <MemberRow key={member.id} member={member} self={member.id === self} onChanged={changed} />
                  ))}
                </tbody>
              </table>
            </div>
          )}
          <h2 className="mb-2 text-xl font-semibold">{t("staff.invitationsTitle")}</h2>
          {list.invitations.length === 0 ? (
            <p>{t("staff.noInvitations")}</p>
          ) : (
            <ul className="space-y-1" data-testid="open-invitations">
              {list.invitations.map((invitation) => (
                <li key={invitation.id}>
                  {t("staff.invitationLine", { email: invitation.email, role: t(`roles.${invitation.role}`), date: formatDateTime(invitation.expiresAt, locale) })}
                </li>
              ))}
            </ul>
          )}
        </>
      ) : null}
    </div>
  );
}
