import type { Kysely } from "kysely";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import type { Database } from "../../db/schema";
import type { DeliverableRow } from "./deliverables.repository";
import { favouritesAmong } from "./favourite-writers";
import { onTimeCreditsOf } from "./on-time-guarantee";
import type { StaffDirectory } from "./orders-ports";

/**
 * The customer's order page with its writers as buyers see them (issue 28): each deliverable's writer by display name
 * and whether the buyer marked them a favourite; what the on-time guarantee credited; the timeline's "assigned" lines without the name staff typed
 * there (a full name), never an e-mail.
 */
export async function withBuyerWriters(
  deps: { db: Kysely<Database>; staffDirectory: Pick<StaffDirectory, "displayNames"> },
  detail: OrderDetail,
  works: readonly DeliverableRow[],
  userId: string,
): Promise<OrderDetail> {
  const writerOf = new Map(works.map((work) => [work.n, work.assigned_to]));
  const ids = [...new Set(works.map((work) => work.assigned_to).filter((id): id is string => Boolean(id)))];
  const [names, favourites, credits] = await Promise.all([
    deps.staffDirectory.displayNames(ids),
    favouritesAmong(deps.db, userId, ids),
    onTimeCreditsOf(deps.db, works.map((work) => work.id)),
  ]);
  const idOf = new Map(works.map((work) => [work.n, work.id]));
  const blankAssigned = <T extends { kind: string; note: string }>(event: T): T =>
    event.kind === "assigned" ? { ...event, note: "" } : event;
  return {
    ...detail,
    events: detail.events.map(blankAssigned),
    deliverables: detail.deliverables.map((deliverable) => {
      const writerId = writerOf.get(deliverable.n) ?? null;
      const displayName = writerId ? names.get(writerId) : undefined;
      return {
        ...deliverable,
        events: deliverable.events.map(blankAssigned),
        writer: writerId && displayName ? { writerId, displayName, favourite: favourites.has(writerId) } : null,
        onTimeCredit: credits.get(idOf.get(deliverable.n) ?? "") ?? null,
      };
    }),
  };
}
