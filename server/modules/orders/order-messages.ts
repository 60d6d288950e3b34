import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ZodError } from "zod";
import type { Database } from "../../db/schema";
import { translate } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import { scheduleLate } from "./order-jobs";
import { allowedType, safeFileName, type Delivery } from "./order-files";
import { OPEN_STATUSES, workOf, type WorkRow } from "./deliverables.repository";
import { moveOrder, personId, type Actor } from "./order-lifecycle";
import type { OrderRow } from "./order-rows";
import { fileRows, withFiles } from "./order-stored-files";
import type { OrderWorkDeps } from "./order-work-deps";

export interface NewMessage {
  body: string;
  attachments: Delivery[];
  internal?: boolean;
  /** The n of the deliverable the message is about. */
  deliverable?: number;
}

/** The order's thread: messages (with attachments), the customer's answers to a question, what each has read. */
export interface OrderMessages {
  /**
   * A message in the order's thread. From the customer while the order needs_info it is the answer: the order returns
   * to its previous status and the due date moves by the time the question waited.
   */
  postMessage(orderId: string, actor: Actor, message: NewMessage): Promise<{ id: string }>;
  /**
   * The customer answers a question by correcting one item's brief, checked against its form as at checkout:
   * needs_info → the status before the question (409 in any other state), with the clock resumed.
   */
  editBrief(orderId: string, actor: Actor, position: number, brief: Record<string, unknown>): Promise<void>;
  /** Marks the thread read by `actor` now. */
  markRead(orderId: string, actor: Actor): Promise<void>;
}

type MessageDeps = Pick<
  OrderWorkDeps,
  "db" | "orders" | "repository" | "effects" | "jobs" | "storage" | "clock" | "briefSchema" | "attachmentTypes" | "people" | "staffDirectory"
>;

export function createOrderMessages(deps: MessageDeps): OrderMessages {
  return {
    postMessage: (orderId, actor, message) => postMessage(deps, orderId, actor, message),
    editBrief: (orderId, actor, position, brief) => editBrief(deps, orderId, actor, position, brief),
    markRead: (orderId, actor) => markRead(deps, orderId, actor),
  };
}

/** A message's files are checked by type before any is stored: a refused one is a 400 naming it and the list. */
function refuseAttachmentTypes(files: Delivery[], types: readonly string[]): void {
  const refused = files.find((file) => !allowedType(file.fileName, types));
  if (refused)
    throw DomainError.field("attachments", "orders.attachmentTypeRefused", {
      name: safeFileName(refused.fileName) || "?",
      types: types.join(", "),
    });
}

/** needs_info → the status before the question; the due date moves by the time the question waited. */
async function resumeAfterAnswer(
  deps: Pick<MessageDeps, "jobs">,
  trx: Kysely<Database>,
  order: WorkRow,
  actor: Actor,
  at: Date,
): Promise<void> {
  const paused = order.needs_info_since ? at.getTime() - new Date(order.needs_info_since).getTime() : 0;
  const dueAt = new Date(new Date(order.due_at).getTime() + Math.max(0, paused)).toISOString();
  await moveOrder(trx, order, "answer", actor, {
    now: at,
    changes: { due_at: dueAt, needs_info_since: null, resume_status: null },
  });
  await scheduleLate(deps.jobs, trx, order, dueAt);
}

/** The deliverables a customer's answer resumes: the one named, or every one waiting for an answer. */
async function waitingForAnswer(trx: Kysely<Database>, order: OrderRow, n: number | undefined): Promise<WorkRow[]> {
  const waiting = (await workOf(trx, order)).filter((work) => work.status === "needs_info");
  return n === undefined ? waiting : waiting.filter((work) => work.n === n);
}

/**
 * A customer's message or answer, told to the staff who may see it: the writer of the deliverable it names; for the
 * whole order, the writer of each open deliverable (managers and admins for one nobody has).
 */
async function tellStaffOfAnswer(deps: Pick<MessageDeps, "effects">, trx: Kysely<Database>, order: OrderRow, about: WorkRow | null): Promise<void> {
  const open = about ? [about] : (await workOf(trx, order)).filter((work) => OPEN_STATUSES.includes(work.status));
  const assignees = open.length > 0 ? open.map((work) => work.assigned_to) : [order.assigned_to];
  // One open deliverable: the notice names it.
  const [only] = open.length === 1 ? open : [];
  await deps.effects.tellStaff(trx, "answer", only ?? order, { assignees });
}

/**
 * Deliverable `n` of the order, or null when the message names none; 400 when it has none (or, to a writer, when it
 * is a colleague's: they write about their own deliverables).
 */
async function namedDeliverable(trx: Kysely<Database>, order: OrderRow, n: number | undefined, actor: Actor): Promise<WorkRow | null> {
  if (n === undefined) return null;
  const work = (await workOf(trx, order)).find((row) => row.n === n && (actor.role !== "writer" || row.assigned_to === actor.id));
  if (!work) throw DomainError.field("deliverable", "orders.noSuchDeliverable");
  return work;
}

export async function postMessage(
  deps: MessageDeps,
  orderId: string,
  actor: Actor,
  message: NewMessage,
): Promise<{ id: string }> {
  const { repository, effects } = deps;
  refuseAttachmentTypes(message.attachments, deps.attachmentTypes);
  return withFiles(deps.storage, `messages/${orderId}`, message.attachments, (stored) =>
    deps.orders.run(orderId, actor, async (trx, order) => {
      const at = deps.clock.now();
      const stamp = at.toISOString();
      const internal = Boolean(message.internal) && actor.role !== "customer";
      const id = randomUUID();
      const about = await namedDeliverable(trx, order, message.deliverable, actor);
      const row = {
        id,
        order_id: order.id,
        deliverable_id: about?.deliverable_id ?? null,
        author_id: personId(actor),
        author_role: actor.role as "customer",
        internal: internal ? 1 : 0,
        body: message.body,
        created_at: stamp,
      };
      await repository.insertMessage(row, fileRows(order.id, stored, { message_id: id }, stamp), trx);
      await repository.markRead(order.id, personId(actor), stamp, trx);
      if (actor.role === "customer") {
        for (const work of await waitingForAnswer(trx, order, message.deliverable)) await resumeAfterAnswer(deps, trx, work, actor, at);
      }
      await effects.audit(
        trx,
        actor,
        internal ? "note" : "message",
        order,
        { status: order.status },
        { messageId: id, attachments: stored.length },
      );
      if (internal) return { id };
      // A message about one deliverable goes to its writer (the order's writer is there only when one has all of it).
      if (actor.role === "customer") {
        await effects.staffMail(trx, about ?? order, "message", { message: message.body });
        await tellStaffOfAnswer(deps, trx, order, about);
      } else {
        // Signed with the writer's or manager's display name, as on the order page (issues 26 and 28: never a full name).
        const author = (await deps.staffDirectory.displayNames([personId(actor)], trx)).get(personId(actor)) ?? "";
        await effects.customerMail(trx, order, "message", { message: message.body, ...(author ? { author } : {}) });
      }
      return { id };
    }),
  );
}

export async function editBrief(
  deps: MessageDeps,
  orderId: string,
  actor: Actor,
  position: number,
  brief: Record<string, unknown>,
): Promise<void> {
  // An item's product never changes: its form is looked up before the transaction (the catalog reads the database).
  const item = (await deps.repository.itemsOf([orderId])).find((row) => row.position === position);
  const schema = item ? await deps.briefSchema(item.product_id) : null;
  return deps.orders.run(orderId, actor, async (trx, order) => {
    if (actor.role !== "customer") throw DomainError.forbidden();
    // The answer resumes the deliverables of that item which wait for one; none waiting: the brief is not editable.
    const anyWaiting = await waitingForAnswer(trx, order, undefined);
    if (anyWaiting.length === 0) throw DomainError.conflict("orders.briefNotEditable");
    if (!schema) throw DomainError.field("position", "orders.noSuchItem");
    const waiting = anyWaiting.filter((work) => work.item_position === position);
    if (waiting.length === 0) throw DomainError.conflict("orders.briefNotEditable");
    const checked = schema.safeParse(brief);
    if (!checked.success) {
      throw Object.assign(
        new ZodError(checked.error.issues.map((issue) => ({ ...issue, path: ["brief", ...issue.path] }))),
        { input: { brief } },
      );
    }
    await deps.repository.updateItemBrief(order.id, position, JSON.stringify(checked.data), trx);
    for (const work of waiting) await resumeAfterAnswer(deps, trx, work, actor, deps.clock.now());
    const [answered] = waiting;
    await deps.effects.staffMail(trx, answered ?? order, "message", {
      message: translate("en", "orders.briefEdited", { position: position + 1 }),
    });
    await deps.effects.tellStaff(trx, "answer", answered ?? order, { assignees: waiting.map((work) => work.assigned_to) });
  });
}

export async function markRead(deps: MessageDeps, orderId: string, actor: Actor): Promise<void> {
  await deps.orders.visible(deps.db, orderId, actor);
  await deps.repository.markRead(orderId, personId(actor), deps.clock.now().toISOString());
}
