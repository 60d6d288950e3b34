import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import {
  acceptInvitationRequestSchema,
  changeStaffRoleRequestSchema,
  invitationLookupSchema,
  invitationTokenRequestSchema,
  inviteStaffRequestSchema,
  staffChallengeSchema,
  staffCodeRequestSchema,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
  staffSignInRequestSchema,
  staffTokensSchema,
} from "../../../contract/staff";
import type { StaffAuth } from "./staff-auth.service";
import type { StaffActor, StaffService } from "./staff.service";

/** Per-IP limits on the public staff steps (the login throttle also slows each account down, codes included). */
export const STAFF_RATE_LIMITS = {
  signIn: { max: 20, timeWindow: "1 minute" },
  code: { max: 20, timeWindow: "1 minute" },
  invitation: { max: 20, timeWindow: "1 minute" },
} as const;

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const params = z.object({ id: z.string().max(100) });

/**
 * Staff access: the two-step staff sign-in (password, then a TOTP or recovery code; enrolment the first time), the
 * invitation's acceptance, and for admins the staff list, invitations, role changes and deactivation.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; staffAuth: StaffAuth }> = async (app, { staff, staffAuth }) => {
  const open = { tags: ["staff access"] };
  const admin = { tags: ["staff access"], security: [{ bearer: [] }] };
  const actor = (request: FastifyRequest): StaffActor => ({ id: request.user!.id, role: request.user!.role, ip: request.ip });

  app.post(
    "/admin/auth/sign-in",
    {
      config: { rateLimit: STAFF_RATE_LIMITS.signIn },
      schema: { ...open, summary: "Staff sign-in, step 1: email and password; answers the next step (a code, or enrolment with the QR code)", body: staffSignInRequestSchema, response: { 200: staffChallengeSchema, 400: problemSchema, 429: problemSchema } },
    },
    async (request) => staffAuth.signIn(request.body, request.ip),
  );
  app.post(
    "/admin/auth/verify",
    {
      config: { rateLimit: STAFF_RATE_LIMITS.code },
      schema: { ...open, summary: "Staff sign-in, step 2: a TOTP code (each works once) or a single-use recovery code; answers the tokens", body: staffCodeRequestSchema, response: { 200: staffTokensSchema, 400: problemSchema, 429: problemSchema } },
    },
    async (request) => staffAuth.verify(request.body, request.ip),
  );
  app.post(
    "/admin/auth/enrol",
    {
      config: { rateLimit: STAFF_RATE_LIMITS.code },
      schema: { ...open, summary: "Staff enrolment: the first code from the app confirms the secret; answers the tokens and ten recovery codes, shown once", body: staffCodeRequestSchema, response: { 200: staffTokensSchema, 400: problemSchema, 429: problemSchema } },
    },
    async (request) => staffAuth.confirmEnrolment(request.body, request.ip),
  );

  app.post(
    "/admin/invitations/lookup",
    {
      config: { rateLimit: STAFF_RATE_LIMITS.invitation },
      schema: { ...open, summary: "What an invitation link is for (email, role); 404 unknown, 409 used or expired", body: invitationTokenRequestSchema, response: { 200: invitationLookupSchema, ...errors } },
    },
    async (request) => staff.lookupInvitation(request.body.token),
  );
  app.post(
    "/admin/invitations/accept",
    {
      config: { rateLimit: STAFF_RATE_LIMITS.invitation },
      schema: { ...open, summary: "Accept an invitation: names and password; answers the enrolment step of the first sign-in", body: acceptInvitationRequestSchema, response: { 200: staffChallengeSchema, ...errors } },
    },
    async (request) => staff.acceptInvitation(request.body, request.ip),
  );

  const onlyAdmin = app.requireRole("admin");
  app.get("/admin/staff", { onRequest: onlyAdmin, schema: { ...admin, summary: "Staff accounts and open invitations (admin)", response: { 200: staffListSchema, ...errors } } }, async () => staff.list());
  app.post(
    "/admin/staff/invitations",
    { onRequest: onlyAdmin, schema: { ...admin, summary: "Invite a colleague by email with a role: a single-use link valid 48 hours is mailed (admin)", body: inviteStaffRequestSchema, response: { 200: staffInvitationSchema, ...errors } } },
    async (request) => staff.invite(actor(request), request.body),
  );
  app.post(
    "/admin/staff/:id/role",
    { onRequest: onlyAdmin, schema: { ...admin, summary: "Change a colleague's role; their sign-ins end (admin; not yourself)", params, body: changeStaffRoleRequestSchema, response: { 200: staffMemberSchema, ...errors } } },
    async (request) => staff.changeRole(actor(request), request.params.id, request.body.role),
  );
  app.post(
    "/admin/staff/:id/deactivate",
    { onRequest: onlyAdmin, schema: { ...admin, summary: "Deactivate a colleague: every sign-in ends at once (admin; not yourself)", params, response: { 200: staffMemberSchema, ...errors } } },
    async (request) => staff.setActive(actor(request), request.params.id, false),
  );
  app.post(
    "/admin/staff/:id/reactivate",
    { onRequest: onlyAdmin, schema: { ...admin, summary: "Give a deactivated colleague their access back (admin)", params, response: { 200: staffMemberSchema, ...errors } } },
    async (request) => staff.setActive(actor(request), request.params.id, true),
  );
};
