import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { problemSchema } from "../../../contract/errors";
import {
  acceptInvitationRequestSchema,
  changeStaffRoleRequestSchema,
  deactivateStaffRequestSchema,
  deactivatedStaffSchema,
  openWorkSchema,
  invitationLookupSchema,
  invitationTokenRequestSchema,
  inviteStaffRequestSchema,
  staffChallengeSchema,
  staffCodeRequestSchema,
  staffDisplayNameRequestSchema,
  staffInvitationSchema,
  staffListSchema,
  staffMemberSchema,
  staffSignInRequestSchema,
  staffTokensSchema,
} from "../../../contract/staff";
import { routeGroup, type SignedInRequest } from "../../platform/route-group";
import { savedViewListSchema, savedViewSchema, saveViewRequestSchema } from "../../../contract/saved-views";
import type { SavedViews } from "./saved-views";
import type { StaffAuth } from "./staff-auth.service";
import type { StaffActor, StaffService } from "./staff.service";

/** Per-IP limits on the public staff steps (the login throttle also slows each account down, codes included). */
export const STAFF_RATE_LIMITS = {
  signIn: { max: 20, timeWindow: "1 minute" },
  code: { max: 20, timeWindow: "1 minute" },
  invitation: { max: 20, timeWindow: "1 minute" },
} as const;

const errors = { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema, 409: problemSchema };
const signInErrors = { 400: problemSchema, 429: problemSchema };
const params = z.object({ id: z.string().max(100) });
const tags = ["staff access"];
const actor = ({ user, ip }: SignedInRequest): StaffActor => ({ id: user.id, role: user.role, ip });

/**
 * Staff access: the two-step staff sign-in (password, then a TOTP or recovery code; enrolment the first time), the
 * invitation's acceptance, and for admins the staff list, invitations, role changes and deactivation.
 */
export const staffRoutes: FastifyPluginAsyncZod<{ staff: StaffService; staffAuth: StaffAuth; savedViews: SavedViews }> = async (
  app,
  { staff, staffAuth, savedViews },
) => {
  const open = routeGroup(app, { guard: "public", tags });
  open.post(
    "/admin/auth/sign-in",
    {
      summary:
        "Staff sign-in, step 1: email and password; answers the next step (a code, or enrolment with the QR code)",
      rateLimit: STAFF_RATE_LIMITS.signIn,
      body: staffSignInRequestSchema,
      response: { 200: staffChallengeSchema, ...signInErrors },
    },
    async ({ body, ip }) => staffAuth.signIn(body, ip),
  );
  open.post(
    "/admin/auth/verify",
    {
      summary: "Staff sign-in, step 2: a TOTP code (each works once) or a single-use recovery code; answers the tokens",
      rateLimit: STAFF_RATE_LIMITS.code,
      body: staffCodeRequestSchema,
      response: { 200: staffTokensSchema, ...signInErrors },
    },
    async ({ body, ip }) => staffAuth.verify(body, ip),
  );
  open.post(
    "/admin/auth/enrol",
    {
      summary:
        "Staff enrolment: the first code from the app confirms the secret; answers the tokens and ten recovery codes, shown once",
      rateLimit: STAFF_RATE_LIMITS.code,
      body: staffCodeRequestSchema,
      response: { 200: staffTokensSchema, ...signInErrors },
    },
    async ({ body, ip }) => staffAuth.confirmEnrolment(body, ip),
  );
  open.post(
    "/admin/invitations/lookup",
    {
      summary: "What an invitation link is for (email, role); 404 unknown, 409 used or expired",
      rateLimit: STAFF_RATE_LIMITS.invitation,
      body: invitationTokenRequestSchema,
      response: { 200: invitationLookupSchema, ...errors },
    },
    async ({ body }) => staff.lookupInvitation(body.token),
  );
  open.post(
    "/admin/invitations/accept",
    {
      summary: "Accept an invitation: names and password; answers the enrolment step of the first sign-in",
      rateLimit: STAFF_RATE_LIMITS.invitation,
      body: acceptInvitationRequestSchema,
      response: { 200: staffChallengeSchema, ...errors },
    },
    async ({ body, ip }) => staff.acceptInvitation(body, ip),
  );

  adminRoutes(app, staff);
  savedViewRoutes(app, savedViews);
};

/** Every member of staff: their own saved views of the order queue (named filters and sort), audited. */
function savedViewRoutes(app: Parameters<typeof staffRoutes>[0], views: SavedViews): void {
  const staffOnly = routeGroup(app, { guard: "writer", tags: ["order queue"], errors });
  staffOnly.get(
    "/admin/saved-views",
    { summary: "Your saved views of the order queue, by name (staff)", response: { 200: savedViewListSchema } },
    async (request) => ({ views: await views.list(request.user.id) }),
  );
  staffOnly.post(
    "/admin/saved-views",
    {
      summary: "Save the queue's current filters and sort under a name, yours alone; 400 for a name you already use (staff)",
      body: saveViewRequestSchema,
      response: { 200: savedViewSchema },
    },
    async (request) => views.save(actor(request), request.body),
  );
  staffOnly.delete(
    "/admin/saved-views/:id",
    { summary: "Delete one of your saved views (staff); someone else's is 404", params, response: { 204: z.null() } },
    async (request, reply) => {
      await views.remove(actor(request), request.params.id);
      return reply.status(204).send(null);
    },
  );
}

/** For admins: the staff list, invitations (made, sent again, revoked), role changes, deactivation with its hand-over. */
function adminRoutes(app: Parameters<typeof staffRoutes>[0], staff: StaffService): void {
  const admin = routeGroup(app, { guard: "admin", tags, errors });
  admin.get(
    "/admin/staff",
    { summary: "Staff accounts and open invitations (admin)", response: { 200: staffListSchema } },
    async () => staff.list(),
  );
  admin.post(
    "/admin/staff/invitations",
    {
      summary: "Invite a colleague by email with a role: a single-use link valid 48 hours is mailed (admin)",
      body: inviteStaffRequestSchema,
      response: { 200: staffInvitationSchema },
    },
    async (request) => staff.invite(actor(request), request.body),
  );
  admin.post(
    "/admin/staff/:id/role",
    {
      summary: "Change a colleague's role; their sign-ins end (admin; not yourself)",
      params,
      body: changeStaffRoleRequestSchema,
      response: { 200: staffMemberSchema },
    },
    async (request) => staff.changeRole(actor(request), request.params.id, request.body.role),
  );
  admin.post(
    "/admin/staff/:id/display-name",
    {
      summary: "Set the name buyers read for a colleague (never their e-mail or full name); empty: first name and initial (admin)",
      params,
      body: staffDisplayNameRequestSchema,
      response: { 200: staffMemberSchema },
    },
    async (request) => staff.setDisplayName(actor(request), request.params.id, request.body.displayName),
  );
  admin.get(
    "/admin/staff/:id/open-work",
    {
      summary: "The open deliverables a colleague holds: what deactivating them hands over (admin)",
      params,
      response: { 200: openWorkSchema },
    },
    async (request) => staff.openWork(request.params.id),
  );
  admin.post(
    "/admin/staff/:id/deactivate",
    {
      summary:
        "Deactivate a colleague: every sign-in ends at once and, in the same transaction, every open deliverable they hold goes to `handTo` (an active colleague) or back to the pool; each hand-over is audited (admin; not yourself)",
      params,
      body: deactivateStaffRequestSchema,
      response: { 200: deactivatedStaffSchema },
    },
    async (request) => staff.deactivate(actor(request), request.params.id, request.body?.handTo ?? null),
  );
  admin.post(
    "/admin/staff/:id/reactivate",
    { summary: "Give a deactivated colleague their access back (admin)", params, response: { 200: staffMemberSchema } },
    async (request) => staff.setActive(actor(request), request.params.id, true),
  );
  admin.post(
    "/admin/staff/invitations/:id/resend",
    {
      summary: "Mail an open invitation again with a new link and a full 48 hours; the old link stops working (admin)",
      params,
      response: { 200: staffInvitationSchema },
    },
    async (request) => staff.resendInvitation(actor(request), request.params.id),
  );
  admin.post(
    "/admin/staff/invitations/:id/revoke",
    { summary: "End an open invitation: its link no longer works; answers the staff list without it (admin)", params, response: { 200: staffListSchema } },
    async (request) => {
      await staff.revokeInvitation(actor(request), request.params.id);
      return staff.list();
    },
  );
}
