import { z } from "zod";
import { STAFF_ROLE_ORDER } from "./staff-roles";

export { isStaffRole, roleAtLeast, STAFF_ROLE_ORDER, type StaffRoleName } from "./staff-roles";
export const staffRoleSchema = z.enum(STAFF_ROLE_ORDER).describe("writer < manager < admin");

const email = z.string().trim().toLowerCase().max(254).pipe(z.email());
const personName = z.string().trim().min(1).max(100);
const password = z.string().min(8).max(128);
const opaque = z.string().trim().min(1).max(200);

/** A TOTP code (6 digits) or a recovery code (`abcde-fghij`); spaces and dashes are ignored. */
export const secondFactorCodeSchema = z.string().trim().min(1).max(40).describe("6-digit code from the authenticator app, or a recovery code");

/** POST /api/admin/auth/sign-in: the password step of a staff sign-in. */
export const staffSignInRequestSchema = z.strictObject({
  email,
  password: z.string().min(1).max(128),
  rememberMe: z.boolean().default(false),
});
export type StaffSignInRequest = z.input<typeof staffSignInRequestSchema>;

export const totpEnrolmentSchema = z.object({
  secret: z.string().describe("base32 secret to type into the app when the QR code cannot be scanned"),
  otpauthUrl: z.string(),
  qrCode: z.string().describe("data: URL of the QR code image of otpauthUrl"),
});
export type TotpEnrolment = z.infer<typeof totpEnrolmentSchema>;

/** The next step after the password (or an accepted invitation): a code, or enrolment first. */
export const staffChallengeSchema = z.object({
  step: z.enum(["code", "enrol"]),
  challenge: z.string().describe("opaque, valid 10 minutes, for the next call only"),
  enrolment: totpEnrolmentSchema.optional().describe("present when step is enrol"),
});
export type StaffChallenge = z.infer<typeof staffChallengeSchema>;

export const staffCodeRequestSchema = z.strictObject({ challenge: opaque, code: secondFactorCodeSchema });
export type StaffCodeRequest = z.input<typeof staffCodeRequestSchema>;

export const staffTokensSchema = z.object({
  accessToken: z.string(),
  refreshToken: z.string(),
  recoveryCodes: z.array(z.string()).optional().describe("after enrolment only: ten single-use codes, shown this once"),
});
export type StaffTokens = z.infer<typeof staffTokensSchema>;

export const inviteStaffRequestSchema = z.strictObject({
  email,
  role: staffRoleSchema,
  locale: z.enum(["en", "es"]).default("en").describe("language of the invitation mail and page"),
});
export type InviteStaffRequest = z.input<typeof inviteStaffRequestSchema>;

export const staffInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: staffRoleSchema,
  createdAt: z.string(),
  expiresAt: z.string(),
  invitedBy: z.string().nullable().describe("email of the admin who invited"),
});
export type StaffInvitation = z.infer<typeof staffInvitationSchema>;

export const staffMemberSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  displayName: z.string().describe("the name buyers read (never the e-mail or full name): set by an admin, else first name and initial"),
  role: staffRoleSchema,
  enrolled: z.boolean().describe("second factor set up"),
  deactivatedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

export const staffListSchema = z.object({ members: z.array(staffMemberSchema), invitations: z.array(staffInvitationSchema) });
export type StaffList = z.infer<typeof staffListSchema>;

/** POST /api/admin/staff/{id}/display-name: the name buyers read; empty: first name and initial again. */
export const staffDisplayNameRequestSchema = z.strictObject({ displayName: z.string().trim().max(60) });
export type StaffDisplayNameRequest = z.input<typeof staffDisplayNameRequestSchema>;

export const changeStaffRoleRequestSchema = z.strictObject({ role: staffRoleSchema });

export const invitationTokenRequestSchema = z.strictObject({ token: opaque });
export const invitationLookupSchema = z.object({ email: z.string(), role: staffRoleSchema, expiresAt: z.string(), locale: z.enum(["en", "es"]) });
export type InvitationLookup = z.infer<typeof invitationLookupSchema>;

export const acceptInvitationRequestSchema = z
  .strictObject({ token: opaque, firstName: personName, lastName: personName, password, repeatedPassword: z.string().max(128) })
  .refine((value) => value.password === value.repeatedPassword, { message: "passwordsDiffer", path: ["repeatedPassword"] });
export type AcceptInvitationRequest = z.input<typeof acceptInvitationRequestSchema>;

/** One open deliverable a colleague holds (GET /api/admin/staff/{id}/open-work), named as the queue names it. */
export const openWorkItemSchema = z.object({
  orderId: z.string(),
  number: z.string(),
  n: z.number().int().describe("the deliverable's n in its order"),
  service: z.string().describe("the service's product id"),
  status: z.string(),
  dueAt: z.string(),
});
export type OpenWorkItem = z.infer<typeof openWorkItemSchema>;

export const openWorkSchema = z.object({ count: z.number().int(), deliverables: z.array(openWorkItemSchema) });
export type OpenWork = z.infer<typeof openWorkSchema>;

/** POST /api/admin/staff/{id}/deactivate: who takes the colleague's open work, in the same transaction (no body: the pool). */
export const deactivateStaffRequestSchema = z
  .strictObject({
    handTo: z.uuid().nullable().optional().describe("an active colleague who takes every open deliverable; null or absent: back to the pool"),
  })
  .nullish();
export type DeactivateStaffRequest = z.input<typeof deactivateStaffRequestSchema>;

/** The deactivated colleague and where their open work went. */
export const deactivatedStaffSchema = staffMemberSchema.extend({
  handedOver: z.number().int().describe("open deliverables handed over"),
  handedTo: z.string().nullable().describe("the colleague who took them; null: the pool"),
});
