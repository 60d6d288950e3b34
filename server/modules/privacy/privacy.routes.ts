import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { closeAccountRequestSchema, okResponseSchema } from "../../../contract/accounts";
import { problemSchema } from "../../../contract/errors";
import { routeGroup } from "../../platform/route-group";
import type { PrivacyService } from "./privacy.service";

/** Privacy rights: download my data, close my account. */
export const privacyRoutes: FastifyPluginAsyncZod<{ privacy: PrivacyService }> = async (app, { privacy }) => {
  const signedIn = routeGroup(app, { guard: "signed-in", tags: ["accounts"] });

  signedIn.get(
    "/accounts/export",
    {
      summary:
        "All my data as a JSON file: profile, orders with their briefs, deposits with their billing details, ledger, documents, support tickets",
      response: { 200: z.record(z.string(), z.unknown()) },
    },
    async ({ user }, reply) => {
      const data = await privacy.exportData(user.id);
      reply.header("cache-control", "private, no-store");
      reply.header(
        "content-disposition",
        `attachment; filename="scriptorium-data-${data.exportedAt.slice(0, 10)}.json"`,
      );
      return data;
    },
  );
  signedIn.post(
    "/accounts/close",
    {
      summary:
        "Close my account, confirmed with the password: sign-ins end at once, personal data is erased, the ledger and issued documents are kept, the e-mail can register again; refused (400) while an order is open",
      rateLimit: { max: 10, timeWindow: "1 minute" },
      body: closeAccountRequestSchema,
      response: { 200: okResponseSchema, 400: problemSchema },
    },
    async ({ user, body }) => privacy.close(user.id, body.password).then(() => ({ ok: true }) as const),
  );
};
