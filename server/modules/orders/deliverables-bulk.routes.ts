import { bulkAssignAnswerSchema, bulkAssignRequestSchema, type BulkAssignAnswer } from "../../../contract/admin-orders";
import type { Locale } from "../../i18n/messages";
import { translate } from "../../i18n/messages";
import { DomainError, type DomainErrorKind } from "../../platform/domain-error";
import type { RouteGroup } from "../../platform/route-group";
import { actorOf } from "./order-requests";
import type { OrdersService } from "./orders.service";

/** The status the same change alone would have answered (server/http maps kinds the same way for whole requests). */
const ROW_STATUS: Partial<Record<DomainErrorKind, number>> = { invalid: 400, forbidden: 403, not_found: 404, conflict: 409 };

/** Why one row failed, in the caller's language: the error's detail, or its first field message. */
function reasonOf(error: DomainError, locale: Locale): string {
  const ref = error.detail ?? Object.values(error.fields ?? {})[0]?.[0];
  return ref ? translate(locale, ref.key, ref.params) : translate(locale, `title.${ROW_STATUS[error.kind] ?? 400}`);
}

/**
 * Bulk actions of the back-office queue on deliverables: several given to one colleague (or back to the pool) in one
 * request. Each row is its own move (its own transaction, timeline event and audit row), so one that fails — closed
 * meanwhile, unknown — is reported in its row and loses nothing of the others.
 */
export function bulkRoutes(manager: RouteGroup<"manager">, orders: OrdersService): void {
  manager.post(
    "/admin/deliverables/bulk-assign",
    {
      summary:
        "Manager or admin: give deliverables (up to 200) to an active colleague, or back to the pool (writerId null); each is assigned and audited on its own and answered per row",
      body: bulkAssignRequestSchema,
      response: { 200: bulkAssignAnswerSchema },
    },
    async (request): Promise<BulkAssignAnswer> => {
      const actor = actorOf(request);
      const { writerId, deliverables } = request.body;
      // A colleague who is not (or no longer) active would fail every row: one answer for the whole request.
      if (writerId && !(await orders.staff()).some((member) => member.id === writerId)) throw DomainError.field("writerId", "orders.handToInactive");
      const results: BulkAssignAnswer["results"] = [];
      for (const { order, n } of deliverables) {
        let number: string | null = null;
        try {
          const id = await orders.idFor(order, actor);
          number = (await orders.find(id))?.number ?? null;
          await orders.actions.assign(id, actor, writerId, n);
          results.push({ order, number, n, ok: true, status: 200, error: null });
        } catch (error) {
          if (!(error instanceof DomainError) || ROW_STATUS[error.kind] === undefined) throw error;
          results.push({ order, number, n, ok: false, status: ROW_STATUS[error.kind] ?? 400, error: reasonOf(error, request.locale) });
        }
      }
      const assigned = results.filter((row) => row.ok).length;
      return { assigned, failed: results.length - assigned, results };
    },
  );
}
