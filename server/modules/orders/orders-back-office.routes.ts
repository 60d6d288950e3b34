import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  adminOrderPageSchema,
  adminOrderQuerySchema,
  assignWriterSchema,
  dashboardSchema,
  staffMemberSchema,
  staffOrderDetailSchema,
  uploadedVersionSchema,
} from "../../../contract/admin-orders";
import { problemSchema } from "../../../contract/errors";
import { staffOrderAnswerSchema } from "../../../contract/order-lifecycle";
import { csvStringifier } from "../../platform/csv";
import { deliverableParamsSchema } from "../../../contract/deliverables";
import { DomainError } from "../../platform/domain-error";
import { type RouteGroup, routeGroup, type SignedInRequest } from "../../platform/route-group";
import { byteLimit } from "../storage";
import { bulkRoutes } from "./deliverables-bulk.routes";
import { allowedType, type StoredFile } from "./order-files";
import { deliverableQuery, ORDER_LEVEL_DELIVERY } from "./orders-admin.routes";
import { actorOf } from "./order-requests";
import type { OrdersService } from "./orders.service";

const params = z.object({ id: z.string().max(100).describe("the order's id or number") });
const errors = {
  400: problemSchema,
  401: problemSchema,
  403: problemSchema,
  404: problemSchema,
  409: problemSchema,
  413: problemSchema,
};
/** Room for the multipart framing and the note around the files themselves. */
const MULTIPART_OVERHEAD = 64 * 1024;

/** What busboy says about a body that is not well-formed multipart (cut off, bad headers): the client's fault, a 400. */
const MALFORMED = /unexpected end of form|malformed|terminated early|multipart/i;

const CSV_COLUMNS = [
  "number",
  "status",
  "createdAt",
  "dueAt",
  "late",
  "currency",
  "total",
  "customerEmail",
  "customerName",
  "writer",
  "services",
  // The queue lists deliverables: which one of the order, and which service it is.
  "deliverable",
  "service",
] as const;

/**
 * The back office's order screens: the dashboard, the queue (and its CSV export), the staff list for assignment, the
 * assignment itself and result upload from the browser (several files streamed one after another into storage).
 */
export const ordersBackOfficeRoutes: FastifyPluginAsyncZod<{ orders: OrdersService }> = async (app, { orders }) => {
  const upload = orders.upload;
  // Busboy stops a file one byte past the limit; byteLimit below turns that into a 413 naming the file.
  await app.register(multipart, {
    limits: {
      fileSize: upload.limitBytes + 1,
      files: upload.maxFiles,
      fields: 4,
      fieldSize: 10_000,
      parts: upload.maxFiles + 4,
    },
  });
  const staff = routeGroup(app, { guard: "writer", tags: ["admin"], errors });
  // Managers and admins only: the export is the customers' e-mails in bulk, which writers never see; so is assigning.
  const manager = routeGroup(app, { guard: "manager", tags: ["admin"], errors });

  staff.get(
    "/admin/dashboard",
    {
      summary:
        "What must happen today: deliverables by what they wait for, late, at risk, due this week, the pool, open work per writer, tickets open, order sales and money in and out per currency over 30 days, delivery speed",
      response: { 200: dashboardSchema },
    },
    async (request) => orders.dashboard(actorOf(request)),
  );
  staff.get(
    "/admin/orders",
    {
      summary: "The order queue: filters, search, sorted by due date, keyset pages (a writer sees their own orders)",
      querystring: adminOrderQuerySchema,
      response: { 200: adminOrderPageSchema },
    },
    async (request) => orders.queue.page(request.query, actorOf(request), orders.now()),
  );
  manager.get(
    "/admin/orders.csv",
    {
      summary:
        "Manager or admin: the filtered queue as CSV, or the rows picked in it (`selected`): every page, streamed; UTF-8 with a byte-order mark; cells that would start a formula begin with '",
      querystring: adminOrderQuerySchema.omit({ cursor: true, limit: true }),
      produces: ["text/csv"],
      compress: false,
    },
    async (request, reply) => sendCsv(orders, request, reply),
  );
  staff.get(
    "/admin/order-writers",
    { summary: "Staff an order can be given to", response: { 200: z.array(staffMemberSchema) } },
    async () => orders.staff(),
  );
  staff.get(
    "/admin/orders/:id",
    {
      summary:
        "The order as staff see it: customer, billing, internal notes, timeline with names, what the caller may do",
      params,
      response: { 200: staffOrderDetailSchema },
    },
    async (request) => orders.staffDetail(request.params.id, actorOf(request)),
  );
  manager.post(
    "/admin/orders/:id/assign",
    {
      summary: "Manager or admin: give the order to a member of staff (or to nobody: null)",
      params,
      body: assignWriterSchema,
      response: { 200: staffOrderAnswerSchema },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = await orders.idFor(request.params.id, actor);
      await orders.actions.assign(id, actor, request.body.writerId);
      const order = await orders.find(id);
      if (!order) throw DomainError.notFound();
      return { id: order.id, number: order.number, status: order.status };
    },
  );
  // The guard runs before the body is read: only staff who may deliver this order now make the server take in a file.
  staff.post(
    "/admin/orders/:id/versions",
    {
      summary:
        "in_progress/revision_requested → delivered with a new version: multipart/form-data with one or more `files` parts (and an optional `note` field before them), each streamed to storage; over UPLOAD_LIMIT_BYTES → 413, a type outside UPLOAD_ALLOWED_TYPES → 400, and nothing is kept",
      description: ORDER_LEVEL_DELIVERY,
      params,
      querystring: z.object({ deliverable: deliverableQuery }),
      consumes: ["multipart/form-data"],
      response: { 200: uploadedVersionSchema },
      compress: false,
    },
    async (request) => uploadVersion(orders, request, request.query.deliverable),
  );
  deliverableRoutes(manager, staff, orders);
  bulkRoutes(manager, orders);
};

const deliverableParams = params.extend({ n: deliverableParamsSchema.shape.n.describe("the deliverable's n in the order (1, 2, …)") });

/** Assignment and result upload for one deliverable of an order. */
function deliverableRoutes(manager: RouteGroup<"manager">, staff: RouteGroup<"writer">, orders: OrdersService): void {
  manager.post(
    "/admin/orders/:id/deliverables/:n/assign",
    {
      summary: "Manager or admin: give deliverable n to a member of staff (or to nobody: null)",
      params: deliverableParams,
      body: assignWriterSchema,
      response: { 200: staffOrderAnswerSchema },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = await orders.idFor(request.params.id, actor);
      await orders.actions.assign(id, actor, request.body.writerId, request.params.n);
      const order = await orders.find(id);
      if (!order) throw DomainError.notFound();
      return { id: order.id, number: order.number, status: order.status };
    },
  );
  staff.post(
    "/admin/orders/:id/deliverables/:n/versions",
    {
      summary:
        "Deliverable n: in_progress/revision_requested → delivered with a new version, uploaded as for /admin/orders/{id}/versions",
      params: deliverableParams,
      consumes: ["multipart/form-data"],
      response: { 200: uploadedVersionSchema },
      compress: false,
    },
    async (request) => uploadVersion(orders, request, request.params.n),
  );
}

/** The filtered queue streamed as CSV, audited with the rows it reached. */
function sendCsv(
  orders: OrdersService,
  request: SignedInRequest & { query: Omit<Parameters<OrdersService["queue"]["all"]>[0], "cursor" | "limit"> },
  reply: FastifyReply,
) {
  const actor = actorOf(request);
  const query = { ...request.query, limit: 500 } as Parameters<OrdersService["queue"]["all"]>[0];
  const rows = orders.queue.all(query, actor, orders.now());
  const csv = csvStringifier(CSV_COLUMNS);
  pipeline(
    (async function* () {
      let count = 0;
      try {
        for await (const row of rows) {
          count++;
          yield {
            ...row,
            late: row.late ? "yes" : "no",
            total: row.total.toFixed(2),
            customerEmail: row.customerEmail ?? "",
            writer: row.writer?.name ?? "",
            services: row.services.join(" "),
          };
        }
      } finally {
        // Audited before the last byte goes out (an export cut short is audited with the rows it reached).
        await orders.recordExport(actor, request.query, count);
      }
    })(),
    csv,
  ).catch((error: unknown) => request.log.error({ err: error }, "order CSV export failed"));
  const day = orders.now().toISOString().slice(0, 10);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="orders-${day}.csv"`)
    .send(csv);
}

/** Multipart files streamed one after another into storage, then delivered as one version; nothing kept on a failure. */
async function uploadVersion(orders: OrdersService, request: SignedInRequest & { params: { id: string } }, n?: number) {
  const upload = orders.upload;
  const actor = actorOf(request);
  const id = await orders.idFor(request.params.id, actor);
  await orders.actions.assertCanDeliver(id, actor, n);
  if (!request.isMultipart()) throw DomainError.field("files", "adminOrders.multipartNeeded");
  if (Number(request.headers["content-length"] ?? 0) > upload.limitBytes * upload.maxFiles + MULTIPART_OVERHEAD) {
    throw new DomainError("too_large", {
      detail: {
        key: "adminOrders.uploadTooLarge",
        params: { max: upload.maxFiles, limit: megabytes(upload.limitBytes) },
      },
    });
  }
  const stored: StoredFile[] = [];
  try {
    const note = await storeParts(orders, id, request, stored);
    if (stored.length === 0) throw DomainError.field("files", "adminOrders.noFiles");
    const delivered = await orders.actions.deliverStored(id, actor, stored, note, n);
    const order = await orders.find(id);
    if (!order) throw DomainError.notFound();
    return {
      id: order.id,
      number: order.number,
      status: order.status,
      version: delivered.version,
      files: delivered.files.map((file) => ({ fileName: file.fileName, size: file.size })),
    };
  } catch (error) {
    await orders.actions.discard(stored);
    const code = (error as { code?: string }).code ?? "";
    if (code === "FST_FILES_LIMIT" || code === "FST_PARTS_LIMIT") {
      throw new DomainError("too_large", {
        detail: { key: "adminOrders.tooManyFiles", params: { max: upload.maxFiles } },
      });
    }
    if (
      !(error instanceof DomainError) &&
      (code.startsWith("FST_") ||
        code === "ERR_STREAM_PREMATURE_CLOSE" ||
        MALFORMED.test((error as Error).message ?? ""))
    ) {
      throw DomainError.field("files", "adminOrders.multipartBroken");
    }
    throw error;
  }
}

/** Stores each `files` part in turn (into `stored`, so the caller can discard them); answers the `note` field. */
async function storeParts(
  orders: OrdersService,
  id: string,
  request: SignedInRequest,
  stored: StoredFile[],
): Promise<string> {
  const upload = orders.upload;
  let note = "";
  let index = 0;
  for await (const part of request.parts()) {
    if (part.type === "field") {
      if (part.fieldname === "note") note = String(part.value).trim().slice(0, 5000);
      continue;
    }
    const position = index++;
    const fileName = part.filename.trim();
    if (!allowedType(fileName, upload.allowedTypes)) {
      part.file.resume();
      throw DomainError.field(`files[${position}]`, "adminOrders.typeRefused", {
        name: fileName || "?",
        types: upload.allowedTypes.join(", "),
      });
    }
    const limited = byteLimit(upload.limitBytes);
    const piped = pipeline(part.file, limited);
    // Handled at once: it fails while storage is still being written, and storage reports the same failure.
    piped.catch(() => undefined);
    try {
      stored.push(await orders.actions.storeResult(id, { fileName, content: limited }));
      await piped;
    } catch (error) {
      if (error instanceof DomainError && error.kind === "too_large") {
        throw new DomainError("too_large", {
          detail: { key: "adminOrders.fileTooLarge", params: { name: fileName, limit: megabytes(upload.limitBytes) } },
        });
      }
      throw error;
    }
  }
  return note;
}

function megabytes(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB` : `${bytes} bytes`;
}
