import type { Kysely } from "kysely";
import { STAFF_ROLE_ORDER, type StaffRoleName } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import type { People, Person } from "../accounts";
import type { InvitationRow, StaffRepository, StaffUserRow } from "./staff.repository";

const isStaffRole = (role: string): role is StaffRoleName => (STAFF_ROLE_ORDER as readonly string[]).includes(role);

type Member = Person & { role: StaffRoleName; display_name: string };

/**
 * The name buyers read for a member of staff (issue 28): the one an admin set, else the first name and the last name's
 * initial ("Ana G."), never the e-mail or the full name.
 */
export function displayNameOf(person: Pick<Person, "first_name" | "last_name">, stored: string | null | undefined): string {
  if (stored) return stored;
  const initial = person.last_name.trim().charAt(0);
  return initial ? `${person.first_name.trim()} ${initial.toUpperCase()}.` : person.first_name.trim();
}

/**
 * Who is active staff: a user with a staff role (accounts) whose staff account is not deactivated (this module's
 * table; no row yet counts as active). Two lookups, never a join across the modules' tables.
 */
export function createStaffDirectory(people: People, repository: StaffRepository) {
  type AccountPart = { totp_enrolled_at: string | null; deactivated_at: string | null; display_name: string | null };
  const asStaffUser = (person: Person, account: AccountPart | undefined): StaffUserRow => ({
    id: person.id, email: person.email, first_name: person.first_name, last_name: person.last_name, role: person.role, created_at: person.created_at,
    totp_enrolled_at: account?.totp_enrolled_at ?? null, deactivated_at: account?.deactivated_at ?? null,
    display_name: displayNameOf(person, account?.display_name),
  });

  return {
    /** A user with a staff role and their staff account (second factor, deactivation), or undefined. */
    async staffUser(userId: string, trx?: Kysely<Database>): Promise<StaffUserRow | undefined> {
      const person = await people.byId(userId, trx);
      if (!person || !isStaffRole(person.role)) return undefined;
      return asStaffUser(person, await repository.account(userId, trx));
    },

    /** Every user with a staff role, by e-mail, with their staff accounts (two queries). */
    async staffList(trx?: Kysely<Database>): Promise<StaffUserRow[]> {
      const staff = (await people.withRoles(STAFF_ROLE_ORDER, trx)).sort((a, b) => (a.email < b.email ? -1 : a.email > b.email ? 1 : 0));
      const accounts = new Map((await repository.accountsOf(staff.map((person) => person.id), trx)).map((account) => [account.user_id, account]));
      return staff.map((person) => asStaffUser(person, accounts.get(person.id)));
    },

    /** Open invitations, newest first, with the inviting admin's e-mail (one batch lookup). */
    async openInvitations(at: string, trx?: Kysely<Database>): Promise<Array<InvitationRow & { invited_by_email: string | null }>> {
      const rows = await repository.openInvitations(at, trx);
      const inviters = await people.mapOf(rows.flatMap((row) => (row.invited_by ? [row.invited_by] : [])), trx);
      return rows.map((row) => ({ ...row, invited_by_email: row.invited_by ? (inviters.get(row.invited_by)?.email ?? null) : null }));
    },

    async activeMember(userId: string, trx?: Kysely<Database>): Promise<Member | undefined> {
      const person = await people.byId(userId, trx);
      if (!person || !isStaffRole(person.role)) return undefined;
      const account = await repository.account(userId, trx);
      return account?.deactivated_at ? undefined : { ...person, role: person.role, display_name: displayNameOf(person, account?.display_name) };
    },

    /** The names buyers read for these members of staff (active or not; someone not staff is left out). */
    async displayNames(userIds: readonly string[], trx?: Kysely<Database>): Promise<Map<string, string>> {
      const ids = [...new Set(userIds)];
      if (ids.length === 0) return new Map();
      const [people_, accounts] = await Promise.all([people.mapOf(ids, trx), repository.accountsOf(ids, trx)]);
      const stored = new Map(accounts.map((account) => [account.user_id, account.display_name]));
      return new Map([...people_].filter(([, person]) => isStaffRole(person.role)).map(([id, person]) => [id, displayNameOf(person, stored.get(id))]));
    },

    /** Of `userIds`, those whose staff account is deactivated. */
    deactivatedAmong: (userIds: readonly string[], trx?: Kysely<Database>): Promise<string[]> =>
      userIds.length === 0 ? Promise.resolve([]) : repository.deactivatedAmong([...new Set(userIds)], trx),

    /** Every deactivated member of staff. */
    async deactivatedMembers(trx?: Kysely<Database>): Promise<string[]> {
      const staff = await people.withRoles(STAFF_ROLE_ORDER, trx);
      return staff.length === 0 ? [] : repository.deactivatedAmong(staff.map((person) => person.id), trx);
    },

    /** Every active member of staff, by first and last name. */
    async activeMembers(trx?: Kysely<Database>): Promise<Member[]> {
      const staff = (await people.withRoles(STAFF_ROLE_ORDER, trx)).filter((person): person is Member => isStaffRole(person.role));
      const accounts = await repository.accountsOf(staff.map((person) => person.id), trx);
      const deactivated = new Set(accounts.filter((account) => account.deactivated_at).map((account) => account.user_id));
      const stored = new Map(accounts.map((account) => [account.user_id, account.display_name]));
      return staff.filter((person) => !deactivated.has(person.id)).map((person) => ({ ...person, display_name: displayNameOf(person, stored.get(person.id)) }));
    },
  };
}

export type StaffDirectory = ReturnType<typeof createStaffDirectory>;
