import type { StaffList, StaffMember, StaffRoleName } from "../../../contract/staff";
import { DomainError } from "../../platform/domain-error";
import type { StaffUserRow } from "./staff.repository";
import type { StaffActor, StaffServiceDeps } from "./staff-service-deps";

function toMember(row: StaffUserRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    role: row.role as StaffRoleName,
    enrolled: row.totp_enrolled_at !== null,
    deactivatedAt: row.deactivated_at,
    createdAt: row.created_at,
  };
}

/** The staff list and, for admins, a colleague's role and access. Every change is audited; never on yourself. */
export interface StaffMembers {
  list(): Promise<StaffList>;
  /** A new role ends the person's sign-ins, so no token speaks for the old role. */
  changeRole(actor: StaffActor, userId: string, role: StaffRoleName): Promise<StaffMember>;
  /** Deactivated: every sign-in ends at once and no new one starts; `active: true` gives the account back. */
  setActive(actor: StaffActor, userId: string, active: boolean): Promise<StaffMember>;
}

export function createStaffMembers({
  db,
  repository,
  audit,
  endSignIns,
  clock,
  people,
  directory,
}: StaffServiceDeps): StaffMembers {
  const now = () => clock.now();

  const member = async (userId: string): Promise<StaffUserRow> => {
    const row = await directory.staffUser(userId);
    if (!row) throw DomainError.notFound();
    return row;
  };

  const notSelf = (actor: StaffActor, userId: string) => {
    if (actor.id === userId) throw DomainError.conflict("staff.notYourself");
  };

  return {
    async list(): Promise<StaffList> {
      const [members, invitations] = await Promise.all([
        directory.staffList(),
        directory.openInvitations(now().toISOString()),
      ]);
      return {
        members: members.map(toMember),
        invitations: invitations.map((row) => ({
          id: row.id,
          email: row.email,
          role: row.role,
          createdAt: row.created_at,
          expiresAt: row.expires_at,
          invitedBy: row.invited_by_email,
        })),
      };
    },

    async changeRole(actor: StaffActor, userId: string, role: StaffRoleName): Promise<StaffMember> {
      notSelf(actor, userId);
      const before = await member(userId);
      if (before.role === role) return toMember(before);
      await db.transaction().execute(async (trx) => {
        await people.setRole(userId, role, now().toISOString(), trx);
        await audit.record(
          {
            actor,
            ip: actor.ip,
            action: "staff.change_role",
            subject: { type: "staff", id: userId },
            before: { role: before.role },
            after: { role },
          },
          trx,
        );
      });
      await endSignIns(userId);
      return toMember(await member(userId));
    },

    async setActive(actor: StaffActor, userId: string, active: boolean): Promise<StaffMember> {
      notSelf(actor, userId);
      const before = await member(userId);
      if ((before.deactivated_at === null) === active) return toMember(before);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await repository.ensureAccount(userId, at, trx);
        await repository.setDeactivated(userId, active ? null : at, at, trx);
        await audit.record(
          {
            actor,
            ip: actor.ip,
            action: active ? "staff.reactivate" : "staff.deactivate",
            subject: { type: "staff", id: userId },
            before: { active: !active },
            after: { active },
          },
          trx,
        );
      });
      if (!active) await endSignIns(userId);
      return toMember(await member(userId));
    },
  };
}
