import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentSummarySchema } from "../../../contract/documents";
import { problemSchema } from "../../../contract/errors";
import { routeGroup } from "../../platform/route-group";
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
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["documents"] });

  signedIn.get(
    "/documents",
    {
      summary: "My receipts, invoices and credit notes, newest first",
      response: { 200: z.array(documentSummarySchema) },
    },
    async ({ user }) => documents.listFor(user.id),
  );
  signedIn.get(
    "/balance/deposits/:id/receipt",
    { summary: "The PDF receipt of my credited deposit", params: idParams, response: pdfResponse },
    async ({ user, params }, reply) => send(reply, user.id, "receipt", params.id),
  );
  signedIn.get(
    "/balance/withdrawals/:id/receipt",
    { summary: "The PDF refund receipt of my balance withdrawal", params: idParams, response: pdfResponse },
    async ({ user, params }, reply) => send(reply, user.id, "refund_receipt", params.id),
  );
  signedIn.get(
    "/orders/:ref/invoice",
    {
      summary: "The PDF invoice of my order: its lines, the VAT included, the total",
      params: orderParams,
      response: pdfResponse,
    },
    async ({ user, params }, reply) => send(reply, user.id, "invoice", params.ref),
  );
  signedIn.get(
    "/orders/:ref/credit-note",
    { summary: "The PDF credit note of my refunded order", params: orderParams, response: pdfResponse },
    async ({ user, params }, reply) => send(reply, user.id, "credit_note", params.ref),
  );
};
