import {
  billingDetailsSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  logoutRequestSchema,
  okResponseSchema,
  profileSchema,
  refreshRequestSchema,
  registerRequestSchema,
  resetPasswordRequestSchema,
  tokenPairSchema,
  updateProfileRequestSchema,
} from "../../../contract/accounts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { type RouteGroup, routeGroup } from "../../platform/route-group";
import type { AccountsModule } from "./accounts-module";

/** Per-IP limits (429 with Retry-After); sign-in also slows down per account (login-throttle.ts). */
export const ACCOUNT_RATE_LIMITS = {
  register: { max: 10, timeWindow: "1 minute" },
  login: { max: 20, timeWindow: "1 minute" },
  refresh: { max: 60, timeWindow: "1 minute" },
  changePassword: { max: 10, timeWindow: "1 minute" },
  forgotPassword: { max: 5, timeWindow: "1 minute" },
  resetPassword: { max: 20, timeWindow: "1 minute" },
} as const;

const tags = ["accounts"];
const ok = { ok: true } as const;
const tokens = { 200: tokenPairSchema };
const done = { 200: okResponseSchema };
const profile = { 200: profileSchema };

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsModule }> = async (app, { accounts }) => {
  const open = routeGroup(app, { guard: "public", tags });
  const signedIn = routeGroup(app, { guard: "signed-in", tags });
  signInRoutes(open, accounts);
  profileRoutes(signedIn, accounts);
  passwordRoutes(open, signedIn, accounts);
};

/** Register, sign in, refresh and sign out. */
function signInRoutes(open: RouteGroup<"public">, accounts: AccountsModule): void {
  open.post(
    "/Accounts/register",
    {
      summary: "Create a customer account and sign in; a welcome mail is sent",
      rateLimit: ACCOUNT_RATE_LIMITS.register,
      body: registerRequestSchema,
      response: tokens,
    },
    async ({ body, locale }) => {
      const { accessToken, refreshToken } = await accounts.register(body, locale);
      return { accessToken, refreshToken };
    },
  );
  open.post(
    "/Accounts/login",
    {
      summary:
        "Sign in; a wrong email or password is one 400 under the empty key; repeated failures slow the account down (429)",
      rateLimit: ACCOUNT_RATE_LIMITS.login,
      body: loginRequestSchema,
      response: tokens,
    },
    async ({ body, ip }) => accounts.login(body, ip),
  );
  open.post(
    "/Accounts/refresh",
    {
      summary:
        "Exchange a refresh token for a new pair; the old token stops working, and re-using a spent one ends the sign-in (401)",
      rateLimit: ACCOUNT_RATE_LIMITS.refresh,
      body: refreshRequestSchema,
      response: tokens,
    },
    async ({ body }) => accounts.refresh(body.refreshToken),
  );
  open.post(
    "/Accounts/logout",
    {
      summary: "End the sign-in this refresh token belongs to: its refresh and access tokens stop working; always 200",
      rateLimit: ACCOUNT_RATE_LIMITS.refresh,
      body: logoutRequestSchema,
      response: done,
    },
    async ({ body }) => accounts.logout(body.refreshToken).then(() => ok),
  );
}

/** The signed-in customer's profile and billing details. */
function profileRoutes(signedIn: RouteGroup<"signed-in">, accounts: AccountsModule): void {
  signedIn.get(
    "/Accounts/profile",
    { summary: "The signed-in customer's profile", response: profile },
    async ({ user }) => accounts.profile(user.id),
  );
  signedIn.post(
    "/accounts/update",
    {
      summary: "Change the profile fields; answers the updated profile",
      body: updateProfileRequestSchema,
      response: profile,
    },
    async ({ user, body }) => accounts.updateProfile(user.id, body),
  );
  signedIn.post(
    "/accounts/billing",
    {
      summary:
        "Save the billing details (with an optional EU VAT number, checked for its country's format) that prefill deposits and orders; answers the profile",
      body: billingDetailsSchema,
      response: profile,
    },
    async ({ user, body }) => accounts.updateBilling(user.id, body),
  );
}

/** Change the password signed in, or reset it with a mailed code. */
function passwordRoutes(open: RouteGroup<"public">, signedIn: RouteGroup<"signed-in">, accounts: AccountsModule): void {
  /** The sign-in the request's access token belongs to (the guard has already checked the token). */
  const sessionOf = async (authorization: string | undefined): Promise<string> =>
    (await accounts.accessTokens.verify(authorization?.replace(/^bearer\s+/i, "") ?? ""))?.sessionId ?? "";
  signedIn.post(
    "/Accounts/change-password",
    {
      summary: "Change the password; every other sign-in ends and a notice is mailed",
      rateLimit: ACCOUNT_RATE_LIMITS.changePassword,
      body: changePasswordRequestSchema,
      response: done,
    },
    async ({ user, headers, body, locale }) =>
      accounts.changePassword(user.id, await sessionOf(headers.authorization), body, locale).then(() => ok),
  );
  open.post(
    "/Accounts/forgot-password",
    {
      summary:
        "Mail a 10-digit reset code (valid 10 minutes, at most 3 an hour per account) when the account exists; always 200",
      rateLimit: ACCOUNT_RATE_LIMITS.forgotPassword,
      body: forgotPasswordRequestSchema,
      response: done,
    },
    async ({ body, locale }) => accounts.forgot(body.email, locale).then(() => ok),
  );
  open.post(
    "/Accounts/reset-password",
    {
      summary: "Set a new password with the mailed code; every sign-in ends and a notice is mailed",
      rateLimit: ACCOUNT_RATE_LIMITS.resetPassword,
      body: resetPasswordRequestSchema,
      response: done,
    },
    async ({ body, locale }) => accounts.reset(body, locale).then(() => ok),
  );
}
