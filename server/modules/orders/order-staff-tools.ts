import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import type { AuditSink } from "../../platform/staff-action";
import type { OrderActions } from "./order-actions";
import type { Delivery, ResultFile } from "./order-files";
import type { Actor } from "./order-lifecycle";
import type { AuditWriter } from "./order-move-effects";
import type { OrdersRepository } from "./orders.repository";
import type { StaffDirectory } from "./orders-ports";

export interface StaffMember {
  id: string;
  email: string;
  name: string;
  role: "writer" | "manager" | "admin";
}

/** Every staff move on an order is audited in its own transaction (who, from where, before and after). */
export function orderAuditWriter(staffAudit: AuditSink | undefined): AuditWriter | undefined {
  if (!staffAudit) return undefined;
  return (trx: Kysely<Database>, entry) =>
    staffAudit.record(
      {
        actor: { id: entry.actor.id ?? "", role: entry.actor.role, address: entry.actor.ip ?? "" },
        action: entry.action,
        subjectType: "order",
        subjectId: entry.orderId,
        before: entry.before,
        after: entry.after,
      },
      trx,
    );
}

/** Audits a CSV export of the queue: who, when, from where, with which filters, how many rows. */
export async function recordExport(
  staffAudit: AuditSink | undefined,
  actor: Actor,
  filters: Record<string, unknown>,
  rows: number,
): Promise<void> {
  await staffAudit?.record({
    actor: { id: actor.id ?? "", role: actor.role, address: actor.ip ?? "" },
    action: "order.export",
    subjectType: "order-export",
    subjectId: "orders-csv",
    before: null,
    after: { filters, rows },
  });
}

/** Active staff who can be given an order, by name. */
export async function activeStaff(directory: StaffDirectory): Promise<StaffMember[]> {
  // Deactivated colleagues are not offered (their sign-ins ended with the deactivation).
  const rows = await directory.activeMembers();
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    name: `${row.first_name} ${row.last_name}`.trim() || row.email,
    role: row.role,
  }));
}

/**
 * Delivers `delivery` as a new version of deliverable `n` (or of the order's one open deliverable) from a staff tool
 * (scripts/deliver-result.ts, the demo): an order not yet started is started first, as the admin would.
 */
export async function deliverAsAdmin(
  deps: { repository: OrdersRepository; actions: Pick<OrderActions, "start" | "deliver"> },
  orderId: string,
  delivery: Delivery,
  n?: number,
): Promise<ResultFile> {
  const admin: Actor = { id: null, role: "admin" };
  const order = await deps.repository.findById(orderId);
  if (!order) throw DomainError.notFound();
  if (order.status === "paid") await deps.actions.start(orderId, admin);
  const { files } = await deps.actions.deliver(orderId, admin, [delivery], "", n);
  const [file] = files;
  if (!file) throw new Error(`The delivery of order ${orderId} stored no file`);
  return file;
}
