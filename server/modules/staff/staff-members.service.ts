import type { OpenWork, StaffList, StaffMember, StaffRoleName } from "../../../contract/staff";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { StaffUserRow } from "./staff.repository";
import type { StaffActor, StaffServiceDeps } from "./staff-service-deps";

function toMember(row: StaffUserRow): StaffMember {
  return {
    id: row.id,
    email: row.email,
    firstName: row.first_name,
    lastName: row.last_name,
    displayName: row.display_name,
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
  /** The name buyers read for a colleague (or yourself); empty: first name and initial. Audited. */
  setDisplayName(actor: StaffActor, userId: string, displayName: string): Promise<StaffMember>;
  /** `active: true` gives a deactivated account back (its work stays where it was handed). */
  setActive(actor: StaffActor, userId: string, active: true): Promise<StaffMember>;
  /** The open deliverables a colleague holds: what their deactivation would hand over. */
  openWork(userId: string): Promise<OpenWork>;
  /**
   * Deactivated: every sign-in ends at once and no new one starts; in the same transaction every open deliverable
   * they hold goes to `handTo` (an active colleague) or back to the pool (null), each hand-over audited.
   */
  deactivate(actor: StaffActor, userId: string, handTo: string | null): Promise<StaffMember & { handedOver: number; handedTo: string | null }>;
}

/** What each change of a colleague starts with: who they are (404), never yourself (409), and (de)activation. */
function memberSteps({ repository, audit, clock, directory }: StaffServiceDeps) {
  return {
    async member(userId: string): Promise<StaffUserRow> {
      const row = await directory.staffUser(userId);
      if (!row) throw DomainError.notFound();
      return row;
    },

    notSelf(actor: StaffActor, userId: string): void {
      if (actor.id === userId) throw DomainError.conflict("staff.notYourself");
    },

    /** The account's deactivation (or its end) with its audit row, in `trx`. */
    async changeActive(trx: Kysely<Database>, actor: StaffActor, userId: string, active: boolean): Promise<void> {
      const at = clock.now().toISOString();
      await repository.ensureAccount(userId, at, trx);
      await repository.setDeactivated(userId, active ? null : at, at, trx);
      const change = { before: { active: !active }, after: { active } };
      await audit.record({ actor, ip: actor.ip, action: active ? "staff.reactivate" : "staff.deactivate", subject: { type: "staff", id: userId }, ...change }, trx);
    },
  };
}

export function createStaffMembers(deps: StaffServiceDeps): StaffMembers {
  const { db, audit, endSignIns, clock, people, directory, work } = deps;
  const now = () => clock.now();
  const { member, notSelf, changeActive } = memberSteps(deps);

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

    async setDisplayName(actor: StaffActor, userId: string, displayName: string): Promise<StaffMember> {
      const before = await member(userId);
      const at = now().toISOString();
      await db.transaction().execute(async (trx) => {
        await deps.repository.ensureAccount(userId, at, trx);
        await deps.repository.setDisplayName(userId, displayName.trim() || null, at, trx);
        const change = { before: { displayName: before.display_name }, after: { displayName: displayName.trim() || null } };
        await audit.record({ actor, ip: actor.ip, action: "staff.display_name", subject: { type: "staff", id: userId }, ...change }, trx);
      });
      return toMember(await member(userId));
    },

    async setActive(actor: StaffActor, userId: string, active: true): Promise<StaffMember> {
      notSelf(actor, userId);
      const before = await member(userId);
      if ((before.deactivated_at === null) === active) return toMember(before);
      await db.transaction().execute((trx) => changeActive(trx, actor, userId, true));
      return toMember(await member(userId));
    },

    async openWork(userId: string): Promise<OpenWork> {
      await member(userId);
      const deliverables = await work.openWorkOf(userId);
      return { count: deliverables.length, deliverables };
    },

    async deactivate(actor: StaffActor, userId: string, handTo: string | null) {
      notSelf(actor, userId);
      const before = await member(userId);
      if (before.deactivated_at !== null) return { ...toMember(before), handedOver: 0, handedTo: null };
      if (handTo === userId) throw DomainError.field("handTo", "staff.handToSelf");
      const handed = await db.transaction().execute(async (trx) => {
        await changeActive(trx, actor, userId, false);
        return work.handOver(trx, actor, userId, handTo);
      });
      await endSignIns(userId);
      return { ...toMember(await member(userId)), handedOver: handed.length, handedTo: handTo };
    },
  };
}
