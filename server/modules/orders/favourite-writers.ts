import type { Kysely } from "kysely";
import type { FavouriteWriter } from "../../../contract/favourite-writers";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { Actor } from "./order-lifecycle";
import type { OrderWorkDeps } from "./order-work-deps";

/** The writer you liked (issue 28): a buyer's favourite writers, marked on work they accepted, shown by display name. */
export interface FavouriteWriters {
  /** The buyer's favourites, by display name (never an e-mail or a full name). */
  list(userId: string): Promise<FavouriteWriter[]>;
  /** Marks the writer of deliverable `n` (completed, the buyer's own) as a favourite; 409 when not completed or nobody wrote it. */
  mark(orderId: string, n: number, actor: Actor): Promise<FavouriteWriter[]>;
  /** No longer a favourite (nothing when it was not). */
  unmark(userId: string, writerId: string): Promise<FavouriteWriter[]>;
}

type FavouriteDeps = Pick<OrderWorkDeps, "db" | "orders" | "clock" | "staffDirectory">;

/** The writer ids among `writerIds` that `userId` marked as favourites. */
export async function favouritesAmong(
  trx: Kysely<Database>,
  userId: string,
  writerIds: readonly string[],
): Promise<Set<string>> {
  if (writerIds.length === 0) return new Set();
  const rows = await trx
    .selectFrom("favourite_writers")
    .select("writer_id")
    .where("user_id", "=", userId)
    .where("writer_id", "in", [...writerIds])
    .execute();
  return new Set(rows.map((row) => row.writer_id));
}

export function createFavouriteWriters(deps: FavouriteDeps): FavouriteWriters {
  async function list(userId: string): Promise<FavouriteWriter[]> {
    const rows = await deps.db
      .selectFrom("favourite_writers")
      .select(["writer_id", "created_at"])
      .where("user_id", "=", userId)
      .orderBy("created_at")
      .execute();
    const names = await deps.staffDirectory.displayNames(rows.map((row) => row.writer_id));
    return rows.flatMap((row) => {
      const displayName = names.get(row.writer_id);
      return displayName ? [{ writerId: row.writer_id, displayName }] : [];
    });
  }

  return {
    list,
    async mark(orderId, n, actor) {
      if (actor.role !== "customer" || !actor.id) throw DomainError.forbidden();
      const userId = actor.id;
      await deps.orders.runWork(
        orderId,
        n,
        actor,
        null,
        async (trx, work) => {
          if (work.status !== "completed" || !work.assigned_to) throw DomainError.conflict("orders.notFavouriteYet");
          const row = {
            user_id: userId,
            writer_id: work.assigned_to,
            deliverable_id: work.deliverable_id,
            created_at: deps.clock.now().toISOString(),
          };
          await trx
            .insertInto("favourite_writers")
            .values(row)
            .onConflict((oc) => oc.columns(["user_id", "writer_id"]).doNothing())
            .execute();
        },
        "see",
      );
      return list(userId);
    },
    async unmark(userId, writerId) {
      await deps.db
        .deleteFrom("favourite_writers")
        .where("user_id", "=", userId)
        .where("writer_id", "=", writerId)
        .execute();
      return list(userId);
    },
  };
}
