import type { Kysely } from "kysely";
import type { OrderDetail } from "../../../contract/order-lifecycle";
import type { StaffOrderDetail } from "../../../contract/admin-orders";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import type { WalletService } from "../wallet";
import { sees, type DeliverableSight, type OrderAccess, type OrderAccessPolicy } from "./order-access";
import { asResultFile, type ResultFile } from "./order-files";
import type { Actor } from "./order-lifecycle";
import type { OrderRow } from "./order-rows";
import { staffOrderDetail, type UploadRules } from "./order-staff-view";
import type { Need } from "./order-transaction";
import { orderDetail, staffNames } from "./order-view";
import type { OrdersRepository } from "./orders.repository";
import type { People, StaffDirectory } from "./orders-ports";
import { withBuyerWriters } from "./buyer-writers";
import { withWishedWriters } from "./wished-writers";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Finding an order by reference and showing it to the one asking, as much of it as they may see. */
export interface OrderLookup {
  /** An order by id or by number (`SC-000042`), for staff tools and scripts. */
  find(reference: string): Promise<OrderRow | undefined>;
  /** The order page for `actor` (by id or number); 404 when it is not theirs to work on (a writer's pool item too). */
  detail(reference: string, actor: Actor): Promise<OrderDetail>;
  /** Resolves a reference (id or number) to the order id `actor` may act on (`see`: a pool item too), or 404. */
  idFor(reference: string, actor: Actor, need?: Need): Promise<string>;
  /** The order page as staff see it (by id or number), cut to what the caller's access shows; 404 when a writer may not see it. */
  staffDetail(reference: string, actor: Actor): Promise<StaffOrderDetail>;
  /**
   * The latest version's first file of an order `who` may work on (order-access.ts: a customer's own, a writer's
   * assigned one), or null (unknown id, not theirs, nothing delivered). A bare user id is that customer.
   */
  resultFor(who: Actor | string, orderId: string): Promise<ResultFile | null>;
}

export interface OrderLookupDeps {
  db: Kysely<Database>;
  repository: OrdersRepository;
  access: OrderAccessPolicy;
  clock: Clock;
  people: People;
  wallet: Pick<WalletService, "refundedFor">;
  upload: UploadRules;
  /** Buyers read staff by display name only (issue 28). */
  staffDirectory: Pick<StaffDirectory, "displayNames" | "activeMember">;
}

export function createOrderLookup(deps: OrderLookupDeps): OrderLookup {
  const { repository, clock } = deps;
  const namesOf = staffNames(deps.people);
  const find = (reference: string) => findOrder(repository, reference);
  /** The order by reference as `actor` may see it (404 otherwise). */
  const visible = async (reference: string, actor: Actor, need: Need) => {
    const found = await find(reference);
    if (!found) throw DomainError.notFound();
    return lookupOrder(deps, found.id, actor, need);
  };
  return {
    find,
    async detail(reference, actor) {
      const { order } = await visible(reference, actor, "work");
      if (actor.role !== "customer") return orderDetail(repository, order, actor, clock.now(), namesOf, await sightIn(deps, order.id, actor));
      // A buyer reads staff by display name only: message signatures and each deliverable's writer (issue 28).
      const shown = await orderDetail(repository, order, actor, clock.now(), (ids) => deps.staffDirectory.displayNames(ids), null);
      return withBuyerWriters({ db: deps.db, staffDirectory: deps.staffDirectory }, shown, await repository.deliverablesOf([order.id]), order.user_id);
    },
    idFor: async (reference, actor, need = "work") => (await visible(reference, actor, need)).order.id,
    async staffDetail(reference, actor) {
      const { order, access } = await visible(reference, actor, "see");
      const detail = await staffOrderDetail(
        { people: deps.people, wallet: deps.wallet },
        repository,
        order,
        actor,
        access,
        clock.now(),
        deps.upload,
        await sightIn(deps, order.id, actor),
      );
      return withWishedWriters(deps.staffDirectory, detail, await repository.deliverablesOf([order.id]));
    },
    resultFor: (who, orderId) => resultFor(deps, who, orderId),
  };
}

export async function findOrder(repository: OrdersRepository, reference: string): Promise<OrderRow | undefined> {
  const trimmed = reference.trim();
  if (/^sc-\d+$/i.test(trimmed)) return repository.findByNumber(trimmed.toUpperCase());
  return UUID.test(trimmed) ? repository.findById(trimmed.toLowerCase()) : undefined;
}

/** The order and how much of it `actor` sees (order-access.ts); 404 when not theirs, or only in the pool and `need` is work. */
export function lookupOrder(
  deps: Pick<OrderLookupDeps, "db" | "access">,
  orderId: string,
  actor: Actor,
  need: Need = "work",
): Promise<{ order: OrderRow; access: OrderAccess }> {
  return deps.access.lookup(deps.db, orderId, actor, need);
}

/** Which deliverables of the order `actor` sees the inside of (order-access.ts, sightOf); null: all of them. */
async function sightIn(deps: Pick<OrderLookupDeps, "access" | "repository">, orderId: string, actor: Actor): Promise<DeliverableSight | null> {
  if (actor.role !== "writer") return null;
  return deps.access.sightOf(actor, await deps.repository.deliverablesOf([orderId]));
}

/** A stored file of the order (a version's file or a visible attachment) for `actor`, or a 404. */
export async function orderFile(
  deps: Pick<OrderLookupDeps, "db" | "access" | "repository">,
  orderId: string,
  fileId: string,
  actor: Actor,
): Promise<ResultFile> {
  await lookupOrder(deps, orderId, actor);
  const file = await deps.repository.file(orderId, fileId);
  if (!file) throw DomainError.notFound();
  const message = file.message_id ? await deps.repository.messageOf(file.message_id) : undefined;
  if (file.message_id && (!message || (message.internal && actor.role === "customer"))) throw DomainError.notFound();
  // A writer downloads the files of their own deliverables (and of the order as a whole) only.
  const sight = await sightIn(deps, orderId, actor);
  if (!sees(sight, message ? message.deliverable_id : file.deliverable_id)) throw DomainError.notFound();
  return asResultFile(file);
}

/**
 * A stored file of the order as staff open it from the back office: every file for a manager or an admin; for a
 * writer, the files of the deliverables assigned to them (and those naming no deliverable: an older order delivered as
 * a whole, the thread's attachments); a 404 otherwise, like an unknown id.
 */
export async function staffOrderFile(
  deps: Pick<OrderLookupDeps, "db" | "access" | "repository">,
  orderId: string,
  fileId: string,
  actor: Actor,
): Promise<ResultFile> {
  const { access } = await lookupOrder(deps, orderId, actor);
  const file = await deps.repository.file(orderId, fileId);
  if (!file) throw DomainError.notFound();
  if (access !== "full") {
    const mine = (await deps.repository.deliverablesOf([orderId])).filter((work) => work.assigned_to === actor.id).map((work) => work.id);
    if (file.deliverable_id ? !mine.includes(file.deliverable_id) : mine.length === 0) throw DomainError.notFound();
  }
  return asResultFile(file);
}

async function resultFor(
  deps: Pick<OrderLookupDeps, "db" | "access" | "repository">,
  who: Actor | string,
  orderId: string,
): Promise<ResultFile | null> {
  if (!UUID.test(orderId)) return null;
  const actor: Actor = typeof who === "string" ? { id: who, role: "customer" } : who;
  const order = await deps.access.lookup(deps.db, orderId.toLowerCase(), actor).then(
    (found) => found.order,
    (error: unknown) => {
      if (error instanceof DomainError && error.kind === "not_found") return undefined;
      throw error;
    },
  );
  if (!order) return null;
  const sight = await sightIn(deps, order.id, actor);
  if (sight) return newestSeenFile(deps.repository, order.id, sight);
  const [file] = await deps.repository.latestFirstFiles([order.id]);
  return file ? asResultFile(file) : null;
}

/** A writer's result: the first file of the newest version of their own deliverables (or of the whole order). */
async function newestSeenFile(repository: OrdersRepository, orderId: string, sight: DeliverableSight): Promise<ResultFile | null> {
  const newest = (await repository.versions(orderId)).filter((version) => sees(sight, version.deliverable_id)).at(-1);
  if (!newest) return null;
  const files = (await repository.files(orderId)).filter((file) => file.version_id === newest.id);
  const [first] = files.sort((a, b) => a.position - b.position);
  return first ? asResultFile(first) : null;
}
