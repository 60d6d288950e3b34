import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { OpenWork, StaffMember, StaffRoleName } from "../../../contract/staff";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { useApiSubmit, type SubmitState } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";

export const nameOf = (member: StaffMember) => `${member.firstName} ${member.lastName}`.trim() || member.email;

/** The line a failed change shows: the server's own words (a field's or the general one), else the generic one. */
function failure(form: SubmitState, fallback: string): string | null {
  if (!form.errorKey) return null;
  return Object.values(form.fieldErrors)[0]?.[0] ?? form.general ?? fallback;
}

/** What is being changed now: a role (the new one picked in the row's dropdown) or a deactivation. */
export type PendingChange = { kind: "role"; member: StaffMember; role: StaffRoleName } | { kind: "deactivate"; member: StaffMember };

/** Confirms a role change naming the person and both roles; nothing is saved before "Change role". */
export function RoleDialog({ pending, onDone, onCancel }: { pending: PendingChange | null; onDone(note: string): void; onCancel(): void }) {
  const { t } = useTranslation("admin");
  const form = useApiSubmit();
  const change = pending?.kind === "role" ? pending : null;
  const confirm = () => {
    if (!change) return;
    void form.run(async () => {
      await api(`/api/admin/staff/${change.member.id}/role`, { body: { role: change.role } });
      onDone(t("staff.roleChanged", { email: change.member.email }));
    });
  };
  const values = change ? { name: nameOf(change.member), from: t(`roles.${change.member.role}`), to: t(`roles.${change.role}`) } : {};
  return (
    <ConfirmDialog
      open={change !== null}
      title={t("staff.roleDialog.title", values)}
      confirmLabel={t("staff.roleDialog.confirm")}
      cancelLabel={t("staff.roleDialog.cancel")}
      onConfirm={confirm}
      onCancel={() => {
        form.reset();
        onCancel();
      }}
      busy={form.busy}
      error={failure(form, t("staff.failed"))}
      testId="role-dialog"
    >
      <p>{t("staff.roleDialog.text", values)}</p>
    </ConfirmDialog>
  );
}

/** The open deliverables the person holds, as the queue names them. */
function OpenWorkList({ work }: { work: OpenWork }) {
  const { t } = useTranslation("admin");
  const { locale } = useLocale();
  const productName = useProductName();
  if (work.count === 0) return <p>{t("staff.deactivateDialog.noWork")}</p>;
  return (
    <>
      <p>{t("staff.deactivateDialog.work", { count: work.count })}</p>
      <ul className="list-disc space-y-1 pl-5 text-sm" data-testid="open-work">
        {work.deliverables.map((item) => (
          <li key={`${item.number}:${item.n}`}>
            {t("staff.deactivateDialog.item", { number: item.number, n: item.n, service: productName(item.service), date: formatDateTime(item.dueAt, locale) })}
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * Confirms a deactivation: names the open deliverables the person holds and who takes them (a chosen active
 * colleague or the pool); the server hands them over in the deactivation's own transaction.
 */
export function DeactivateDialog({ pending, colleagues, onDone, onCancel }: {
  pending: PendingChange | null;
  colleagues: StaffMember[];
  onDone(note: string): void;
  onCancel(): void;
}) {
  const { t } = useTranslation("admin");
  const form = useApiSubmit();
  const member = pending?.kind === "deactivate" ? pending.member : null;
  const work = useApiData<OpenWork>(member ? `/api/admin/staff/${member.id}/open-work` : null);
  const [handTo, setHandTo] = useState("");
  const takers = colleagues.filter((colleague) => colleague.id !== member?.id && colleague.deactivatedAt === null);
  // The last answer stays while the next person's loads: only a settled answer is shown and counted.
  const shown = work.loading ? null : work.data;
  const count = shown?.count ?? 0;
  const confirm = () => {
    if (!member) return;
    void form.run(async () => {
      await api(`/api/admin/staff/${member.id}/deactivate`, { body: { handTo: handTo || null } });
      setHandTo("");
      onDone(count > 0 ? t("staff.deactivatedHanded", { email: member.email, count }) : t("staff.deactivated", { email: member.email }));
    });
  };
  return (
    <ConfirmDialog
      open={member !== null}
      title={t("staff.deactivateDialog.title", { name: member ? nameOf(member) : "" })}
      confirmLabel={count > 0 ? t("staff.deactivateDialog.confirmHandOver") : t("staff.deactivate")}
      cancelLabel={t("staff.roleDialog.cancel")}
      onConfirm={confirm}
      onCancel={() => {
        form.reset();
        setHandTo("");
        onCancel();
      }}
      busy={form.busy || work.loading}
      error={failure(form, t("staff.failed"))}
      testId="deactivate-dialog"
    >
      <p>{t("staff.deactivateDialog.text")}</p>
      {shown ? <OpenWorkList work={shown} /> : <p role="status">{t("staff.deactivateDialog.loading")}</p>}
      {count > 0 ? (
        <label className="block text-sm">
          <span className="mb-1 block font-medium">{t("staff.deactivateDialog.handTo")}</span>
          <select
            value={handTo}
            onChange={(event) => setHandTo(event.target.value)}
            className="min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 dark:border-slate-600 dark:bg-slate-950"
          >
            <option value="">{t("staff.deactivateDialog.pool")}</option>
            {takers.map((colleague) => (
              <option key={colleague.id} value={colleague.id}>
                {t("staff.deactivateDialog.colleague", { name: nameOf(colleague), role: t(`roles.${colleague.role}`) })}
              </option>
            ))}
          </select>
        </label>
      ) : null}
    </ConfirmDialog>
  );
}
