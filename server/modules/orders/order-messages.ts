import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import { ZodError } from "zod";
import type { Database } from "../../db/schema";
import { translate } from "../../i18n/messages";
import { DomainError } from "../../platform/domain-error";
import { scheduleLate } from "./order-jobs";
import { allowedType, safeFileName, type Delivery } from "./order-files";
import { moveOrder, personId, type Actor } from "./order-lifecycle";
import type { OrderRow } from "./order-rows";
import { fileRows, withFiles } from "./order-stored-files";
import type { OrderWorkDeps } from "./order-work-deps";

export interface NewMessage {
  body: string;
  attachments: Delivery[];
  internal?: boolean;
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
  "db" | "orders" | "repository" | "effects" | "jobs" | "storage" | "clock" | "briefSchema" | "attachmentTypes"
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
  order: OrderRow,
  actor: Actor,
  at: Date,
): Promise<void> {
  const paused = order.needs_info_since ? at.getTime() - new Date(order.needs_info_since).getTime() : 0;
  const dueAt = new Date(new Date(order.due_at).getTime() + Math.max(0, paused)).toISOString();
  await moveOrder(trx, order, "answer", actor, {
    now: at,
    changes: { due_at: dueAt, needs_info_since: null, resume_status: null },
  });
  await scheduleLate(deps.jobs, trx, order.id, dueAt);
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
      const row = {
        id,
        order_id: order.id,
        author_id: personId(actor),
        author_role: actor.role as "customer",
        internal: internal ? 1 : 0,
        body: message.body,
        created_at: stamp,
      };
      await repository.insertMessage(row, fileRows(order.id, stored, { message_id: id }, stamp), trx);
      await repository.markRead(order.id, personId(actor), stamp, trx);
      if (actor.role === "customer" && order.status === "needs_info")
        await resumeAfterAnswer(deps, trx, order, actor, at);
      await effects.audit(
        trx,
        actor,
        internal ? "note" : "message",
        order,
        { status: order.status },
        { messageId: id, attachments: stored.length },
      );
      if (internal) return { id };
      if (actor.role === "customer") await effects.staffMail(trx, order, "message", { message: message.body });
      else await effects.customerMail(trx, order, "message", { message: message.body });
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
    if (order.status !== "needs_info") throw DomainError.conflict("orders.briefNotEditable");
    if (!schema) throw DomainError.field("position", "orders.noSuchItem");
    const checked = schema.safeParse(brief);
    if (!checked.success) {
      throw Object.assign(
        new ZodError(checked.error.issues.map((issue) => ({ ...issue, path: ["brief", ...issue.path] }))),
        { input: { brief } },
      );
    }
    await deps.repository.updateItemBrief(order.id, position, JSON.stringify(checked.data), trx);
    await resumeAfterAnswer(deps, trx, order, actor, deps.clock.now());
    await deps.effects.staffMail(trx, order, "message", {
      message: translate("en", "orders.briefEdited", { position: position + 1 }),
    });
  });
}

export async function markRead(deps: MessageDeps, orderId: string, actor: Actor): Promise<void> {
  await deps.orders.visible(deps.db, orderId, actor);
  await deps.repository.markRead(orderId, personId(actor), deps.clock.now().toISOString());
}
