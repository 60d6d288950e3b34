import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** What orders need from other modules, as the services of those modules answer it (never their tables). */
export { fullNameOf, type People, type Person } from "../accounts";
/** Notifications (server/modules/notifications): staff told about new work, answers, revisions and work at risk. */
export type { StaffNotifier } from "../notifications";

/** Staff (server/modules/staff): who may be given an order. */
export interface StaffDirectory {
  /** An active member of staff (not a customer, not deactivated), or undefined. */
  activeMember(
    userId: string,
    trx?: Kysely<Database>,
  ): Promise<{ role: "writer" | "manager" | "admin"; email: string; first_name: string; last_name: string; display_name: string } | undefined>;
  /** The names buyers read for these members of staff (issue 28: never their e-mail or full name). */
  displayNames(userIds: readonly string[], trx?: Kysely<Database>): Promise<Map<string, string>>;
  /** Every active member of staff, by name. */
  /** Of `userIds`, the members of staff who are deactivated. */
  deactivatedAmong(userIds: readonly string[], trx?: Kysely<Database>): Promise<string[]>;
  /** Every deactivated member of staff (few: the queue's "deactivated writer" filter). */
  deactivatedMembers(trx?: Kysely<Database>): Promise<string[]>;
  activeMembers(trx?: Kysely<Database>): Promise<Array<{ id: string; email: string; first_name: string; last_name: string; role: "writer" | "manager" | "admin" }>>;
}
/** Promotions (server/modules/promotions): what a code takes off an order, and its use taken in the placing transaction. */
export type { AppliedCode, CodeCart, PromotionCheckout } from "../promotions";
