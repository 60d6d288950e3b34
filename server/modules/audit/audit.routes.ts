import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditPageSchema, auditQuerySchema } from "../../../contract/audit";
import { problemSchema } from "../../../contract/errors";
import { roleAtLeast } from "../../../contract/staff";
import { DomainError } from "../../platform/domain-error";
import type { AuditService } from "./audit.service";

/** Subjects whose own history a manager may read (on the order and customer pages); everything else is admin only. */
export const MANAGER_HISTORY_SUBJECTS: readonly string[] = ["order", "customer"];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  app.get(
    "/admin/audit",
    {
      onRequest: app.requireRole("manager"),
      schema: {
        tags: ["admin"],
        security: [{ bearer: [] }],
        summary:
          "The staff audit log, newest first, one keyset page (admin). A manager may read one order's or customer's history: subjectType=order|customer with subjectId.",
        querystring: auditQuerySchema,
        response: { 200: auditPageSchema, 400: problemSchema, 401: problemSchema, 403: problemSchema },
      },
    },
    async (request) => {
      const q = request.query;
      const oneSubject = q.subjectId !== undefined && q.subjectType !== undefined && MANAGER_HISTORY_SUBJECTS.includes(q.subjectType);
      if (!roleAtLeast(request.user?.role, "admin") && !oneSubject) throw DomainError.forbidden();
      return audit.list(q);
    },
  );
};
