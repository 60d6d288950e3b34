import type { StaffOrderDetail } from "../../../contract/admin-orders";
import type { DeliverableRow } from "./deliverables.repository";
import type { StaffDirectory } from "./orders-ports";

/**
 * The staff order page with the favourite writer each buyer asked for (issue 28): shown whether they got the work or
 * not (inactive: it went to the pool), so staff can honour the wish by hand.
 */
export async function withWishedWriters(
  directory: Pick<StaffDirectory, "displayNames" | "activeMember">,
  detail: StaffOrderDetail,
  works: readonly DeliverableRow[],
): Promise<StaffOrderDetail> {
  const wished = [...new Set(works.map((work) => work.wished_writer_id).filter((id): id is string => Boolean(id)))];
  if (wished.length === 0) return detail;
  const names = await directory.displayNames(wished);
  const active = new Set(
    (await Promise.all(wished.map(async (id) => ((await directory.activeMember(id)) ? id : null)))).filter(Boolean),
  );
  const wishOf = new Map(works.map((work) => [work.n, work.wished_writer_id]));
  return {
    ...detail,
    deliverables: detail.deliverables.map((deliverable) => {
      const writerId = wishOf.get(deliverable.n) ?? null;
      return {
        ...deliverable,
        wishedWriter: writerId
          ? { writerId, displayName: names.get(writerId) ?? "", active: active.has(writerId) }
          : null,
      };
    }),
  };
}
