import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentSummarySchema } from "../../../contract/documents";
import { problemSchema } from "../../../contract/errors";
import type { DocumentsService } from "./documents.service";
import type { DocumentKind } from "./documents.tables";

const pdfResponse = { 200: z.string().describe("application/pdf"), 404: problemSchema };
const idParams = z.object({ id: z.string().min(1).max(100) });
/** Named as in the order routes (`/orders/:ref/...`); here it is the order's id. */
const orderParams = z.object({ ref: z.string().min(1).max(100).describe("the order's id") });

/** Receipts, invoices and credit notes as PDF, for their owner only (anyone else gets 404). */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  const send = async (reply: FastifyReply, userId: string, kind: DocumentKind, sourceId: string) => {
    const pdf = await documents.pdfFor(userId, kind, sourceId);
    return reply
      .type("application/pdf")
      .header("cache-control", "private, no-store")
      .header("content-disposition", `attachment; filename="${pdf.fileName}"`)
      .send(pdf.content);
  };
  const common = { tags: ["documents"], security: [{ bearer: [] }] };

  app.get(
    "/documents",
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: "My receipts, invoices and credit notes, newest first", response: { 200: z.array(documentSummarySchema) } },
    },
    async (request) => documents.listFor(request.user!.id),
  );

  app.get(
    "/balance/deposits/:id/receipt",
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: "The PDF receipt of my credited deposit", params: idParams, response: pdfResponse },
    },
    async (request, reply) => send(reply, request.user!.id, "receipt", request.params.id),
  );

  app.get(
    "/orders/:ref/invoice",
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: "The PDF invoice of my order: its lines, the VAT included, the total", params: orderParams, response: pdfResponse },
    },
    async (request, reply) => send(reply, request.user!.id, "invoice", request.params.ref),
  );

  app.get(
    "/orders/:ref/credit-note",
    {
      onRequest: app.requireUser,
      schema: { ...common, summary: "The PDF credit note of my refunded order", params: orderParams, response: pdfResponse },
    },
    async (request, reply) => send(reply, request.user!.id, "credit_note", request.params.ref),
  );
};
