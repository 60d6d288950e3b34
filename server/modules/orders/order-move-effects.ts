import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import type { Locale } from "../../i18n/messages";
import type { DocumentsService, IssuedDocument } from "../documents";
import type { MailService } from "../mail";
import type { WalletService } from "../wallet";
import type { Actor } from "./order-lifecycle";
import { orderMail, type OrderMailKind } from "./order-mail";
import type { WorkRow } from "./deliverables.repository";
import { recordAdjustment, type Adjustment } from "./deliverable-money";
import type { OrderRow } from "./orders.repository";
import type { NotificationKind } from "../../../contract/notifications";
import type { People, StaffDirectory, StaffNotifier } from "./orders-ports";

/** One staff action as the audit log keeps it: who (and from where), what, on which order, before and after. */
export interface OrderAuditEntry {
  actor: Actor;
  action: string;
  orderId: string;
  before: Record<string, unknown>;
  after: Record<string, unknown>;
}
export type AuditWriter = (trx: Kysely<Database>, entry: OrderAuditEntry) => Promise<void>;

export interface OrderMoveEffectsDeps {
  wallet: WalletService;
  mail: MailService;
  documents: DocumentsService;
  publicUrl: string;
  /** Where mail for staff goes when no writer is assigned. */
  staffEmail: string;
  audit?: AuditWriter;
  /** Whose address a mail goes to (the accounts module's directory). */
  people: People;
  /** Whether the assigned writer is still active (the staff module): a deactivated one's mail goes to the staff address. */
  staffDirectory: Pick<StaffDirectory, "activeMember">;
  clock: Clock;
  /** Tells staff in the centre (and their digest) inside the move's transaction; nothing when left out. */
  notifier?: StaffNotifier;
}

/** Who a notice about the work goes to and how often (order-move-effects.ts `tellStaff`). */
export interface StaffNoticeOptions {
  /** Whom the work is assigned to, per deliverable concerned (null: nobody); the row's own writer when left out. */
  assignees?: ReadonlyArray<string | null>;
  /** The person whose action it was is not told. */
  actorId?: string | null;
  /** Once per person (work at risk: once per deliverable). */
  onceKey?: string;
}

/** The effects a move makes inside its transaction besides changing the status. */
export interface OrderMoveEffects {
  /** Mail to the customer's account address, with a document (a credit note) attached when given. */
  customerMail(
    trx: Kysely<Database>,
    order: OrderRow | WorkRow,
    kind: OrderMailKind,
    params?: Record<string, string | number>,
    document?: IssuedDocument | null,
  ): Promise<void>;
  /** Mail to the assigned writer, or to the staff address when nobody is assigned or the writer was deactivated. */
  staffMail(trx: Kysely<Database>, order: OrderRow | WorkRow, kind: OrderMailKind, params?: Record<string, string | number>): Promise<void>;
  /**
   * Money back to the balance on a deliverable (a refund or a goodwill credit) with its credit note, recorded and
   * numbered in the same transaction; nothing (null) for 0. Refused (400) past what is left of its share.
   */
  refund(trx: Kysely<Database>, work: WorkRow, amount: number, adjustment: Adjustment): Promise<IssuedDocument | null>;
  /**
   * A notification to the staff who may see the work (its writer; managers and admins when nobody has it), in the
   * move's transaction: the notifications module's port.
   */
  tellStaff(trx: Kysely<Database>, kind: NotificationKind, order: OrderRow | WorkRow, options?: StaffNoticeOptions): Promise<void>;
  /** The audit row of a staff move (customers and the system are not audited). */
  audit(trx: Kysely<Database>, actor: Actor, action: string, order: OrderRow | WorkRow, after: Record<string, unknown>, extra?: Record<string, unknown>): Promise<void>;
}

/**
 * What a move of the order lifecycle does besides changing the status, inside its transaction: the mail to the
 * customer or to staff, the refund with its credit note, and the audit row of a staff move.
 */
export function createOrderMoveEffects(deps: OrderMoveEffectsDeps): OrderMoveEffects {
  const { wallet, mail, documents } = deps;

  async function customerMail(
    trx: Kysely<Database>,
    order: OrderRow | WorkRow,
    kind: OrderMailKind,
    params: Record<string, string | number> = {},
    /** A document issued with the move (a refund's credit note), attached as a PDF. */
    document?: IssuedDocument | null,
  ): Promise<void> {
    // The account's own address, never the one typed with the billing details (anyone's address could be typed there).
    const account = await deps.people.byId(order.user_id, trx);
    if (!account) return;
    const to = account.email;
    const locale = order.locale as Locale;
    const message = orderMail(kind, to, order, locale, deps.publicUrl, params);
    await mail.send(document ? documents.attached(message, document) : message, trx);
  }

  async function staffMail(trx: Kysely<Database>, order: OrderRow | WorkRow, kind: OrderMailKind, params: Record<string, string | number> = {}): Promise<void> {
    // A deactivated writer no longer reads it (nor signs in): the staff address, where managers pick up the pool, does.
    const writer = order.assigned_to ? await deps.staffDirectory.activeMember(order.assigned_to, trx) : undefined;
    await mail.send(orderMail(kind, writer?.email ?? deps.staffEmail, order, "en", deps.publicUrl, params, "staff"), trx);
  }

  async function refund(trx: Kysely<Database>, work: WorkRow, amount: number, adjustment: Adjustment): Promise<IssuedDocument | null> {
    if (amount <= 0) return null;
    const currency = work.currency as Currency;
    const sourceId = await recordAdjustment(trx, work, amount, adjustment, deps.clock.now().toISOString());
    // Ledger kind `refund` for credits too (the CHECK of ledger_entries; decision 0059); the reference names the order.
    await wallet.credit(trx, { userId: work.user_id, currency, amount, kind: "refund", reference: work.number });
    return documents.issueCreditNote(trx, {
      userId: work.user_id, orderId: work.id, orderNumber: work.number, currency, amount, locale: work.locale as Locale,
      billing: JSON.parse(work.billing_json) as Record<string, string>,
      sourceId: `${work.id}:${sourceId}`, deliverable: { n: work.n, productId: work.product_id },
    });
  }

  /** The audit row of a staff move (customers and the system are not audited: the order's own timeline keeps their moves). */
  async function audit(trx: Kysely<Database>, actor: Actor, action: string, order: OrderRow | WorkRow, after: Record<string, unknown>, extra: Record<string, unknown> = {}): Promise<void> {
    if (!deps.audit || actor.role === "customer" || actor.role === "system") return;
    await deps.audit(trx, { actor, action: `order.${action}`, orderId: order.id, before: { status: order.status, assignedTo: order.assigned_to }, after: { ...after, ...extra, ...("n" in order ? { deliverable: order.n } : {}) } });
  }

  async function tellStaff(trx: Kysely<Database>, kind: NotificationKind, order: OrderRow | WorkRow, options: StaffNoticeOptions = {}): Promise<void> {
    if (!deps.notifier) return;
    const work = "n" in order ? order : null;
    await deps.notifier.notify(trx, {
      kind,
      order: { id: order.id, number: order.number, deliverableN: work?.n ?? null, productId: work?.product_id ?? null },
      assignees: options.assignees ?? [order.assigned_to],
      actorId: options.actorId ?? null,
      ...(options.onceKey ? { onceKey: options.onceKey } : {}),
    });
  }

  return { customerMail, staffMail, refund, audit, tellStaff };
}
