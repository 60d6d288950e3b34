import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { documentSummarySchema } from "../../../contract/documents";
import { problemSchema } from "../../../contract/errors";
import { LOCALES, type Locale } from "../../../common/locales";
import { routeGroup } from "../../platform/route-group";
import type { DocumentsService } from "./documents.service";
import type { DocumentKind } from "./documents.tables";

const pdfResponse = { 200: z.string().describe("application/pdf"), 404: problemSchema };
/** A document is issued once, in the language of its order or deposit; `?lang=` reads it in the other one (same number and figures). */
const languageQuery = z.object({ lang: z.enum(LOCALES).optional().describe("the language to read it in; the one it was issued in by default") });
const idParams = z.object({ id: z.string().min(1).max(100) });
/** Named as in the order routes (`/orders/:ref/...`); here it is the order's id. */
const orderParams = z.object({ ref: z.string().min(1).max(100).describe("the order's id") });

/** Receipts, invoices and credit notes as PDF, for their owner only (anyone else gets 404). */
export const documentsRoutes: FastifyPluginAsyncZod<{ documents: DocumentsService }> = async (app, { documents }) => {
  const send = async (reply: FastifyReply, userId: string, kind: DocumentKind, sourceId: string, locale?: Locale) => {
    const pdf = await documents.pdfFor(userId, kind, sourceId, locale);
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
    { summary: "The PDF receipt of my credited deposit", params: idParams, querystring: languageQuery, response: pdfResponse },
    async ({ user, params, query }, reply) => send(reply, user.id, "receipt", params.id, query.lang),
  );
  signedIn.get(
    "/balance/withdrawals/:id/receipt",
    { summary: "The PDF refund receipt of my balance withdrawal", params: idParams, querystring: languageQuery, response: pdfResponse },
    async ({ user, params, query }, reply) => send(reply, user.id, "refund_receipt", params.id, query.lang),
  );
  signedIn.get(
    "/orders/:ref/invoice",
    {
      summary: "The PDF invoice of my order: its lines, the VAT included, the total",
      params: orderParams,
      querystring: languageQuery,
      response: pdfResponse,
    },
    async ({ user, params, query }, reply) => send(reply, user.id, "invoice", params.ref, query.lang),
  );
  signedIn.get(
    "/orders/:ref/credit-note",
    { summary: "The PDF credit note of my refunded order", params: orderParams, querystring: languageQuery, response: pdfResponse },
    async ({ user, params, query }, reply) => send(reply, user.id, "credit_note", params.ref, query.lang),
  );
};
