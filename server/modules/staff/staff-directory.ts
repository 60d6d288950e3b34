import type { Kysely } from "kysely";
import { STAFF_ROLE_ORDER, type StaffRoleName } from "../../../contract/staff";
import type { Database } from "../../db/schema";
import type { People, Person } from "../accounts";
import type { StaffRepository } from "./staff.repository";

const isStaffRole = (role: string): role is StaffRoleName => (STAFF_ROLE_ORDER as readonly string[]).includes(role);

type Member = Person & { role: StaffRoleName };

/**
 * Who is active staff: a user with a staff role (accounts) whose staff account is not deactivated (this module's
 * table; no row yet counts as active). Two lookups, never a join across the modules' tables.
 */
export function createStaffDirectory(people: People, repository: StaffRepository) {
  return {
    async activeMember(userId: string, trx?: Kysely<Database>): Promise<Member | undefined> {
      const person = await people.byId(userId, trx);
      if (!person || !isStaffRole(person.role)) return undefined;
      const account = await repository.account(userId, trx);
      return account?.deactivated_at ? undefined : { ...person, role: person.role };
    },

    /** Every active member of staff, by first and last name. */
    async activeMembers(trx?: Kysely<Database>): Promise<Member[]> {
      const staff = (await people.withRoles(STAFF_ROLE_ORDER, trx)).filter((person): person is Member => isStaffRole(person.role));
      const deactivated = new Set(await repository.deactivatedAmong(staff.map((person) => person.id), trx));
      return staff.filter((person) => !deactivated.has(person.id));
    },
  };
}

export type StaffDirectory = ReturnType<typeof createStaffDirectory>;
