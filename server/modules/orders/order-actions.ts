import { randomUUID } from "node:crypto";
import type { Kysely, Transaction } from "kysely";
import { ZodError, type z } from "zod";
import type { Brief } from "../../../contract/briefs";
import type { Database } from "../../db/schema";
import { translate } from "../../i18n/messages";
import { DAY_MS, type Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { JobRunner } from "../../platform/jobs/job-runner";
import { lockOpenAccount } from "../accounts";
import type { DocumentsService } from "../documents";
import type { MailService } from "../mail";
import type { FileStorage } from "../storage";
import type { WalletService } from "../wallet";
import { allowedType, asResultFile, DEFAULT_ATTACHMENT_TYPES, safeFileName, storeFile, type Delivery, type ResultFile, type StoredFile } from "./order-files";
import { applies, moveOrder, recordEvent, TRANSITIONS, type Actor, type Move } from "./order-lifecycle";
import type { OrderAccessPolicy } from "./order-access";
import { createOrderMoveEffects, type AuditWriter } from "./order-move-effects";
import type { OrderMailKind } from "./order-mail";
import { createOrdersRepository, type OrderFileRow, type OrderRow } from "./orders.repository";
import { createTransactionOpener } from "../../platform/transactions";
import type { People, StaffDirectory } from "./orders-ports";

export const REVIEW_END_JOB = "order.review-end";
export const REVIEW_REMINDER_JOB = "order.review-reminder";
export const LATE_JOB = "order.late";

export type { AuditWriter, OrderAuditEntry } from "./order-move-effects";

export interface OrderActionsDeps {
  /** The schema an item's brief must meet (a bundle's: one part per contained service, from the catalog). */
  briefSchema(productId: string): Promise<z.ZodType<Brief>>;
  db: Kysely<Database>;
  wallet: WalletService;
  mail: MailService;
  /** Every refund issues its credit note in the transaction that credits the money back. */
  documents: DocumentsService;
  storage: FileStorage;
  jobs: JobRunner;
  clock: Clock;
  publicUrl: string;
  /** Where mail for staff goes when no writer is assigned. */
  staffEmail: string;
  reviewDays: number;
  /** Writes the audit row of a staff action in the action's own transaction (the audit log of LIFECYCLE.md). */
  audit?: AuditWriter;
  /** Who sees which order (order-access.ts): every action looks its order up through it. */
  access: OrderAccessPolicy;
  /** File types (extensions) a message may carry: ATTACHMENT_ALLOWED_TYPES. */
  attachmentTypes?: readonly string[];
  /** Whose address a mail goes to (the accounts module's directory). */
  people: People;
  /** Who may be given an order (the staff module). */
  staffDirectory: StaffDirectory;
}

export interface NewMessage {
  body: string;
  attachments: Delivery[];
  internal?: boolean;
}

/**
 * Every move of LIFECYCLE.md as the customer or staff makes it: each in one transaction with its ledger entry (refunds),
 * its order event (through `moveOrder`), the jobs it makes due and the mail to the other side.
 */
export function createOrderActions(deps: OrderActionsDeps) {
  const { db, storage, jobs, clock } = deps;
  const repository = createOrdersRepository(db);
  const transaction = createTransactionOpener(db);
  const { customerMail, staffMail, refund, audit } = createOrderMoveEffects(deps);
  const now = () => clock.now();

  /** The order `actor` may work on (404 otherwise); with `need: "see"` a writer's pool item too. */
  const visibleOrder = async (executor: Kysely<Database>, orderId: string, actor: Actor, need: "see" | "work" = "work"): Promise<OrderRow> =>
    (await deps.access.lookup(executor, orderId, actor, need)).order;

  async function scheduleLate(trx: Kysely<Database>, orderId: string, dueAt: string): Promise<void> {
    await jobs.schedule(trx, { kind: LATE_JOB, payload: { orderId }, runAt: new Date(dueAt), uniqueKey: `${LATE_JOB}:${orderId}:${dueAt}` });
  }

  /** A message's files are checked by type before any is stored: a refused one is a 400 naming it and the list. */
  const attachmentTypes = deps.attachmentTypes ?? DEFAULT_ATTACHMENT_TYPES;
  function refuseAttachmentTypes(files: Delivery[]): void {
    const refused = files.find((file) => !allowedType(file.fileName, attachmentTypes));
    if (refused) throw DomainError.field("attachments", "orders.attachmentTypeRefused", { name: safeFileName(refused.fileName) || "?", types: attachmentTypes.join(", ") });
  }

  /** Stores files before the transaction (storage is not transactional) and removes them if it fails. */
  async function withFiles<T>(prefix: string, files: Delivery[], fn: (stored: StoredFile[]) => Promise<T>): Promise<T> {
    const stored: StoredFile[] = [];
    try {
      for (const file of files) stored.push(await storeFile(storage, prefix, file));
      return await fn(stored);
    } catch (error) {
      await Promise.all(stored.map((file) => storage.remove(file.storage_key).catch(() => undefined)));
      throw error;
    }
  }

  const fileRows = (orderId: string, stored: StoredFile[], owner: { version_id?: string; message_id?: string }, at: string): OrderFileRow[] =>
    stored.map((file, position) => ({ id: randomUUID(), order_id: orderId, version_id: owner.version_id ?? null, message_id: owner.message_id ?? null, position, created_at: at, ...file }));

  /** needs_info → the status before the question; the due date moves by the time the question waited. */
  async function resumeAfterAnswer(trx: Kysely<Database>, order: OrderRow, actor: Actor, at: Date): Promise<void> {
    const paused = order.needs_info_since ? at.getTime() - new Date(order.needs_info_since).getTime() : 0;
    const dueAt = new Date(new Date(order.due_at).getTime() + Math.max(0, paused)).toISOString();
    await moveOrder(trx, order, "answer", actor, { now: at, changes: { due_at: dueAt, needs_info_since: null, resume_status: null } });
    await scheduleLate(trx, order.id, dueAt);
  }

  /**
   * Runs `fn` in a transaction on the order as read inside it. A customer's account is locked first: a message,
   * answer or move racing the closing of the account waits for it and is refused (account-lock.ts).
   */
  const inTransaction = <T,>(orderId: string, actor: Actor, fn: (trx: Transaction<Database>, order: OrderRow) => Promise<T>, need: "see" | "work" = "work"): Promise<T> =>
    transaction(async (trx) => {
      if (actor.role === "customer" && actor.id) await lockOpenAccount(trx, actor.id);
      return fn(trx, await visibleOrder(trx, orderId, actor, need));
    });

  /** A move with no side effect but its mail. */
  const simpleMove = (orderId: string, actor: Actor, move: Move, mailTo: "customer" | "staff", kind: OrderMailKind, note?: string) =>
    inTransaction(orderId, actor, async (trx, order) => {
      await moveOrder(trx, order, move, actor, { now: now(), note });
      await (mailTo === "customer" ? customerMail : staffMail)(trx, order, kind);
    });

  const deliverStored = (orderId: string, actor: Actor, stored: StoredFile[], note: string): Promise<{ version: number; files: ResultFile[] }> =>
    inTransaction(orderId, actor, async (trx, order) => {
      const at = now();
      const reviewEnds = new Date(at.getTime() + deps.reviewDays * DAY_MS);
      const number = (await repository.lastVersionNumber(order.id, trx)) + 1;
      const versionId = randomUUID();
      const rows = fileRows(order.id, stored, { version_id: versionId }, at.toISOString());
      await moveOrder(trx, order, "deliver", actor, { now: at, note, changes: { delivered_at: at.toISOString(), review_ends_at: reviewEnds.toISOString() } });
      await repository.insertVersion({ id: versionId, order_id: order.id, number, note, created_by: actor.id, created_at: at.toISOString() }, rows, trx);
      const key = `${order.id}:${number}`;
      await jobs.schedule(trx, { kind: REVIEW_END_JOB, payload: { orderId: order.id, version: number }, runAt: reviewEnds, uniqueKey: `${REVIEW_END_JOB}:${key}` });
      const half = new Date(at.getTime() + (deps.reviewDays * DAY_MS) / 2);
      const lastDay = new Date(reviewEnds.getTime() - DAY_MS);
      await jobs.schedule(trx, { kind: REVIEW_REMINDER_JOB, payload: { orderId: order.id, version: number }, runAt: half, uniqueKey: `${REVIEW_REMINDER_JOB}:${key}:half` });
      if (lastDay > half) {
        await jobs.schedule(trx, { kind: REVIEW_REMINDER_JOB, payload: { orderId: order.id, version: number }, runAt: lastDay, uniqueKey: `${REVIEW_REMINDER_JOB}:${key}:last` });
      }
      await customerMail(trx, order, "delivered", { version: number });
      await audit(trx, actor, "deliver", order, { status: "delivered", version: number }, { files: rows.map((row) => ({ fileName: row.file_name, size: Number(row.size), sha256: row.sha256 })) });
      return { version: number, files: rows.map(asResultFile) };
    });

  const actions = {
    /** The order and how much of it `actor` sees (order-access.ts); 404 when not theirs, or only in the pool and `need` is work. */
    lookup: (orderId: string, actor: Actor, need: "see" | "work" = "work") => deps.access.lookup(db, orderId, actor, need),

    /**
     * Staff: takes an unassigned paid order (a writer from the pool) by assigning it to themselves. Atomic: of two
     * people taking the same order at once one wins, the other gets 409.
     */
    take: (orderId: string, actor: Actor) =>
      transaction(async (trx) => {
        if (!actor.id || actor.role === "customer" || actor.role === "system") throw DomainError.forbidden();
        const found = await deps.access.lookup(trx, orderId, actor, "see").catch(async (error: unknown) => {
          // Gone from the pool because a colleague took it a moment ago: say so (the pool showed it), reveal nothing more.
          const row = deps.access.policy.writerPool ? await repository.findById(orderId, trx) : undefined;
          if (row?.assigned_to && row.assigned_to !== actor.id) throw DomainError.conflict("orders.alreadyTaken");
          throw error;
        });
        const order = found.order;
        if (order.assigned_to === actor.id) return;
        const taken = await trx
          .updateTable("orders")
          .set({ assigned_to: actor.id, updated_at: now().toISOString() })
          .where("id", "=", order.id)
          .where("assigned_to", "is", null)
          .where("status", "=", "paid")
          .executeTakeFirst();
        if (Number(taken.numUpdatedRows) !== 1) {
          throw order.status === "paid" ? DomainError.conflict("orders.alreadyTaken") : DomainError.conflict("orders.wrongStatus", { status: order.status });
        }
        const me = await deps.staffDirectory.activeMember(actor.id, trx);
        await recordEvent(trx, { order_id: order.id, at: now().toISOString(), actor_id: actor.id, actor_role: actor.role, kind: "assigned", from_status: null, to_status: null, note: `${me?.first_name ?? ""} ${me?.last_name ?? ""}`.trim() });
        await audit(trx, actor, "take", order, { status: order.status, assignedTo: actor.id });
      }),

    /** Staff: paid → in_progress, assigning `writerId` (or the caller) when nobody is assigned; a writer may start a pool item (taking it). */
    start: (orderId: string, actor: Actor, writerId?: string) =>
      inTransaction(orderId, actor, async (trx, order) => {
        let assigned = order.assigned_to;
        if (!assigned) {
          assigned = actor.role === "writer" ? actor.id : (writerId ?? actor.id);
          if (assigned) {
            if (!(await deps.staffDirectory.activeMember(assigned, trx))) throw DomainError.field("writerId", "orders.notStaff");
            // Claimed only if still nobody's: a colleague taking it meanwhile makes this a 409, never a silent overwrite.
            const claimed = await trx.updateTable("orders").set({ assigned_to: assigned }).where("id", "=", order.id).where("assigned_to", "is", null).where("status", "=", order.status).executeTakeFirst();
            if (Number(claimed.numUpdatedRows) !== 1) throw DomainError.conflict("orders.alreadyTaken");
          }
        }
        const moved = await moveOrder(trx, order, "start", actor, { now: now(), changes: { assigned_to: assigned } });
        await customerMail(trx, order, "started");
        await audit(trx, actor, "start", order, { status: moved.to, assignedTo: assigned });
      }, "see"),

    /** Staff: paid/in_progress → needs_info with the question as a message; the due date's clock pauses. */
    ask: (orderId: string, actor: Actor, question: string) =>
      inTransaction(orderId, actor, async (trx, order) => {
        const at = now();
        await moveOrder(trx, order, "ask", actor, { now: at, note: question, changes: { needs_info_since: at.toISOString(), resume_status: order.status } });
        const messageId = randomUUID();
        await repository.insertMessage({ id: messageId, order_id: order.id, author_id: actor.id!, author_role: actor.role as "writer", internal: 0, body: question, created_at: at.toISOString() }, [], trx);
        await customerMail(trx, order, "question", { message: question });
        // The audit log keeps which message and how long, never the words (closing the account erases them).
        await audit(trx, actor, "ask", order, { status: "needs_info" }, { messageId, questionChars: question.length });
      }),

    /**
     * A message in the order's thread. From the customer while the order needs_info it is the answer: the order returns
     * to its previous status and the due date moves by the time the question waited.
     */
    postMessage: async (orderId: string, actor: Actor, message: NewMessage) => {
      refuseAttachmentTypes(message.attachments);
      return withFiles(`messages/${orderId}`, message.attachments, (stored) =>
        inTransaction(orderId, actor, async (trx, order) => {
          const at = now();
          const internal = Boolean(message.internal) && actor.role !== "customer";
          const id = randomUUID();
          await repository.insertMessage(
            { id, order_id: order.id, author_id: actor.id!, author_role: actor.role as "customer", internal: internal ? 1 : 0, body: message.body, created_at: at.toISOString() },
            fileRows(order.id, stored, { message_id: id }, at.toISOString()),
            trx,
          );
          await repository.markRead(order.id, actor.id!, at.toISOString(), trx);
          if (actor.role === "customer" && order.status === "needs_info") await resumeAfterAnswer(trx, order, actor, at);
          await audit(trx, actor, internal ? "note" : "message", order, { status: order.status }, { messageId: id, attachments: stored.length });
          if (internal) return { id };
          if (actor.role === "customer") await staffMail(trx, order, "message", { message: message.body });
          else await customerMail(trx, order, "message", { message: message.body });
          return { id };
        }),
      );
    },

    /**
     * The customer answers a question by correcting one item's brief, checked against its form as at checkout:
     * needs_info → the status before the question (409 in any other state), with the clock resumed.
     */
    editBrief: async (orderId: string, actor: Actor, position: number, brief: Record<string, unknown>) => {
      // An item's product never changes: its form is looked up before the transaction (the catalog reads the database).
      const item = (await repository.itemsOf([orderId])).find((row) => row.position === position);
      const schema = item ? await deps.briefSchema(item.product_id) : null;
      return inTransaction(orderId, actor, async (trx, order) => {
        if (actor.role !== "customer") throw DomainError.forbidden();
        if (order.status !== "needs_info") throw DomainError.conflict("orders.briefNotEditable");
        if (!schema) throw DomainError.field("position", "orders.noSuchItem");
        const checked = schema.safeParse(brief);
        if (!checked.success) {
          throw Object.assign(new ZodError(checked.error.issues.map((issue) => ({ ...issue, path: ["brief", ...issue.path] }))), { input: { brief } });
        }
        const at = now();
        await repository.updateItemBrief(order.id, position, JSON.stringify(checked.data), trx);
        await resumeAfterAnswer(trx, order, actor, at);
        await staffMail(trx, order, "message", { message: translate("en", "orders.briefEdited", { position: position + 1 }) });
      });
    },

    /** Staff: in_progress/revision_requested → delivered with a new version of one or more files; the review window opens. */
    deliver: (orderId: string, actor: Actor, files: Delivery[], note = ""): Promise<{ version: number; files: ResultFile[] }> =>
      withFiles(`results/${orderId}`, files, (stored) => deliverStored(orderId, actor, stored, note)),

    /** The same with files already in storage (streamed there by an upload); the caller removes them if this fails. */
    deliverStored: (orderId: string, actor: Actor, stored: StoredFile[], note = "") => deliverStored(orderId, actor, stored, note),

    /** Refuses (404, 403, 409) before any byte of an upload is read when `actor` could not deliver this order now. */
    async assertCanDeliver(orderId: string, actor: Actor): Promise<void> {
      const order = await visibleOrder(db, orderId, actor);
      if (!TRANSITIONS.deliver.who.includes(actor.role)) throw DomainError.forbidden();
      if (!applies("deliver", order, now())) throw DomainError.conflict("orders.wrongStatus", { status: order.status });
    },

    /** Streams one result file into storage under the order's results (hashing it on the way). */
    storeResult: (orderId: string, delivery: Delivery) => storeFile(storage, `results/${orderId}`, delivery),

    /** Removes stored files that will not be used (an upload refused half-way). */
    discard: async (stored: StoredFile[]) => {
      await Promise.all(stored.map((file) => storage.remove(file.storage_key).catch(() => undefined)));
    },

    /** Manager or admin: gives the order to `writerId` (a staff member), or to nobody. */
    assign: (orderId: string, actor: Actor, writerId: string | null) =>
      inTransaction(orderId, actor, async (trx, order) => {
        if (actor.role !== "manager" && actor.role !== "admin") throw DomainError.forbidden();
        if (order.status === "completed" || order.status === "cancelled") throw DomainError.conflict("orders.wrongStatus", { status: order.status });
        let name = "";
        if (writerId) {
          const writer = await deps.staffDirectory.activeMember(writerId, trx);
          if (!writer) throw DomainError.field("writerId", "orders.notStaff");
          name = `${writer.first_name} ${writer.last_name}`.trim();
        }
        const updated = await trx.updateTable("orders").set({ assigned_to: writerId, updated_at: now().toISOString() }).where("id", "=", order.id).where("status", "=", order.status).executeTakeFirst();
        if (Number(updated.numUpdatedRows) !== 1) throw DomainError.conflict("orders.wrongStatus", { status: order.status });
        await recordEvent(trx, { order_id: order.id, at: now().toISOString(), actor_id: actor.id, actor_role: actor.role, kind: "assigned", from_status: null, to_status: null, note: name });
        await audit(trx, actor, "assign", order, { status: order.status, assignedTo: writerId });
      }),

    /** Customer: delivered → completed. */
    accept: (orderId: string, actor: Actor) =>
      inTransaction(orderId, actor, async (trx, order) => {
        await moveOrder(trx, order, "accept", actor, { now: now(), changes: { completed_at: now().toISOString(), review_ends_at: null } });
        await staffMail(trx, order, "accepted");
      }),

    /** Customer: delivered → revision_requested with what to change, while rounds remain. */
    requestRevision: (orderId: string, actor: Actor, changes: string) =>
      inTransaction(orderId, actor, async (trx, order) => {
        const at = now();
        await moveOrder(trx, order, "request_revision", actor, { now: at, note: changes, changes: { revisions_used: order.revisions_used + 1, review_ends_at: null } });
        await repository.insertMessage({ id: randomUUID(), order_id: order.id, author_id: actor.id!, author_role: "customer", internal: 0, body: changes, created_at: at.toISOString() }, [], trx);
        await staffMail(trx, order, "revisionRequested", { message: changes });
      }),

    /** Customer: paid → cancelled before work starts, or a late undelivered order; the whole total back on the balance. */
    cancel: (orderId: string, actor: Actor) =>
      inTransaction(orderId, actor, async (trx, order) => {
        const move: Move = order.status === "paid" ? "cancel" : "cancel_late";
        await moveOrder(trx, order, move, actor, { now: now() });
        const creditNote = await refund(trx, order, order.total);
        await staffMail(trx, order, "cancelled", { refund: order.total });
        await customerMail(trx, order, "cancelled", { refund: order.total }, creditNote);
      }),

    /** Manager or admin: any open order → cancelled with a reason, refunding `refund` minor units (default the total). */
    staffCancel: (orderId: string, actor: Actor, reason: string, refundMinor?: number) =>
      inTransaction(orderId, actor, async (trx, order) => {
        const amount = refundMinor ?? order.total;
        if (!Number.isSafeInteger(amount) || amount < 0 || amount > order.total) throw DomainError.field("refund", "orders.refundTooLarge");
        await moveOrder(trx, order, "staff_cancel", actor, { now: now(), note: reason });
        const creditNote = await refund(trx, order, amount);
        await customerMail(trx, order, "cancelled", { refund: amount, reason }, creditNote);
        await audit(trx, actor, "cancel", order, { status: "cancelled" }, { reasonChars: reason.length, refund: amount, currency: order.currency, total: order.total });
      }),

    markRead: async (orderId: string, actor: Actor) => {
      await visibleOrder(db, orderId, actor);
      await repository.markRead(orderId, actor.id!, now().toISOString());
    },

    /** A stored file of the order (a version's file or a visible attachment) for `actor`, or a 404. */
    async file(orderId: string, fileId: string, actor: Actor): Promise<ResultFile> {
      await visibleOrder(db, orderId, actor);
      const file = await repository.file(orderId, fileId);
      if (!file) throw DomainError.notFound();
      if (file.message_id && actor.role === "customer") {
        const message = await db.selectFrom("order_messages").select("internal").where("id", "=", file.message_id).executeTakeFirst();
        if (!message || message.internal) throw DomainError.notFound();
      }
      return asResultFile(file);
    },

    // Timed work (the job handlers call these).
    async autoComplete(orderId: string, version: number): Promise<void> {
      await transaction(async (trx) => {
        const order = await repository.findById(orderId, trx);
        if (!order || order.status !== "delivered" || (await repository.lastVersionNumber(orderId, trx)) !== version) return;
        await moveOrder(trx, order, "auto_complete", { id: null, role: "system" }, { now: now(), changes: { completed_at: now().toISOString(), review_ends_at: null } });
        await customerMail(trx, order, "autoCompleted");
      });
    },

    async remindReview(orderId: string, version: number): Promise<void> {
      await transaction(async (trx) => {
        const order = await repository.findById(orderId, trx);
        if (!order || order.status !== "delivered" || !order.review_ends_at || (await repository.lastVersionNumber(orderId, trx)) !== version) return;
        await recordEvent(trx, { order_id: order.id, at: now().toISOString(), actor_id: null, actor_role: "system", kind: "reminder", from_status: null, to_status: null, note: "" });
        await customerMail(trx, order, "reviewReminder", { date: order.review_ends_at });
      });
    },

    async flagLate(orderId: string): Promise<void> {
      await transaction(async (trx) => {
        const order = await repository.findById(orderId, trx);
        if (!order || !["paid", "in_progress"].includes(order.status) || order.due_at > now().toISOString()) return;
        const flagged = await trx.selectFrom("order_events").select("id").where("order_id", "=", orderId).where("kind", "=", "late").executeTakeFirst();
        if (flagged) return;
        await recordEvent(trx, { order_id: order.id, at: now().toISOString(), actor_id: null, actor_role: "system", kind: "late", from_status: null, to_status: null, note: "" });
        await customerMail(trx, order, "late");
        await staffMail(trx, order, "late");
      });
    },

    scheduleLate,
  };
  return actions;
}

export type OrderActions = ReturnType<typeof createOrderActions>;
