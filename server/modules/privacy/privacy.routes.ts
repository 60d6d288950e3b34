import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { closeAccountRequestSchema, okResponseSchema } from "../../../contract/accounts";
import { problemSchema } from "../../../contract/errors";
import type { PrivacyService } from "./privacy.service";

/** Privacy rights: download my data, close my account. */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  const common = { tags: ["accounts"], security: [{ bearer: [] }] };

  app.get(
    "/accounts/export",
    {
      onRequest: app.requireUser,
      schema: {
        ...common,
        summary: "All my data as a JSON file: profile, orders with their briefs, deposits with their billing details, ledger, documents, support tickets",
        response: { 200: z.record(z.string(), z.unknown()) },
      },
    },
    async (request, reply) => {
      const data = await privacy.exportData(request.user!.id);
      reply.header("cache-control", "private, no-store");
      reply.header("content-disposition", `attachment; filename="scriptorium-data-${data.exportedAt.slice(0, 10)}.json"`);
      return data;
    },
  );

  app.post(
    "/accounts/close",
    {
      onRequest: app.requireUser,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      schema: {
        ...common,
        summary:
          "Close my account, confirmed with the password: sign-ins end at once, personal data is erased, the ledger and issued documents are kept, the e-mail can register again; refused (400) while an order is open",
        body: closeAccountRequestSchema,
        response: { 200: okResponseSchema, 400: problemSchema },
      },
    },
    async (request) => {
      await privacy.close(request.user!.id, request.body.password);
      return { ok: true } as const;
    },
  );
};
