import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { auditFacetsSchema, auditPageSchema, auditQuerySchema } from "../../../contract/audit";
import { problemSchema } from "../../../contract/errors";
import { roleAtLeast } from "../../../contract/staff";
import { routeGroup } from "../../platform/route-group";
import { DomainError } from "../../platform/domain-error";
import type { AuditService } from "./audit.service";

/** Subjects whose own history a manager may read (on the order and customer pages); everything else is admin only. */
export const MANAGER_HISTORY_SUBJECTS: readonly string[] = ["order", "customer"];

export const auditRoutes: FastifyPluginAsyncZod<{ audit: AuditService }> = async (app, { audit }) => {
  const manager = routeGroup(app, {
    guard: "manager",
    tags: ["admin"],
    errors: { 400: problemSchema, 401: problemSchema, 403: problemSchema },
  });
  manager.get(
    "/admin/audit",
    {
      summary:
        "The staff audit log, newest first, one keyset page (admin). A manager may read one order's or customer's history: subjectType=order|customer with subjectId.",
      querystring: auditQuerySchema,
      response: { 200: auditPageSchema },
    },
    async ({ user, query }) => {
      const oneSubject =
        query.subjectId !== undefined &&
        query.subjectType !== undefined &&
        MANAGER_HISTORY_SUBJECTS.includes(query.subjectType);
      if (!roleAtLeast(user.role, "admin") && !oneSubject) throw DomainError.forbidden();
      return audit.list(query);
    },
  );
  manager.get(
    "/admin/audit/facets",
    {
      summary: "Admin: what the audit log's filters offer: its actors by name, its actions and its kinds of subject",
      response: { 200: auditFacetsSchema },
    },
    async ({ user }) => {
      if (!roleAtLeast(user.role, "admin")) throw DomainError.forbidden();
      return audit.facets();
    },
  );
};
