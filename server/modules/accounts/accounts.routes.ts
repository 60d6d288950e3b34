import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
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
const signedIn = [{ bearer: [] }];
const ok = { ok: true } as const;

export const accountsRoutes: FastifyPluginAsyncZod<{ accounts: AccountsModule }> = async (app, { accounts }) => {
  /** The sign-in the request's access token belongs to (the guard has already checked the token). */
  const sessionOf = async (request: FastifyRequest): Promise<string> => {
    const token = request.headers.authorization?.replace(/^bearer\s+/i, "") ?? "";
    return (await accounts.accessTokens.verify(token))?.sessionId ?? "";
  };

  app.post(
    "/Accounts/register",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.register },
      schema: {
        tags,
        summary: "Create a customer account and sign in; a welcome mail is sent",
        body: registerRequestSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => {
      const { accessToken, refreshToken } = await accounts.register(request.body, request.locale);
      return { accessToken, refreshToken };
    },
  );

  app.post(
    "/Accounts/login",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.login },
      schema: {
        tags,
        summary: "Sign in; a wrong email or password is one 400 under the empty key; repeated failures slow the account down (429)",
        body: loginRequestSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => accounts.login(request.body, request.ip),
  );

  app.post(
    "/Accounts/refresh",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.refresh },
      schema: {
        tags,
        summary: "Exchange a refresh token for a new pair; the old token stops working, and re-using a spent one ends the sign-in (401)",
        body: refreshRequestSchema,
        response: { 200: tokenPairSchema },
      },
    },
    async (request) => accounts.refresh(request.body.refreshToken),
  );

  app.post(
    "/Accounts/logout",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.refresh },
      schema: {
        tags,
        summary: "End the sign-in this refresh token belongs to: its refresh and access tokens stop working; always 200",
        body: logoutRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await accounts.logout(request.body.refreshToken);
      return ok;
    },
  );

  app.get(
    "/Accounts/profile",
    {
      onRequest: app.requireUser,
      schema: { tags, summary: "The signed-in customer's profile", security: signedIn, response: { 200: profileSchema } },
    },
    async (request) => accounts.profile(request.user!.id),
  );

  app.post(
    "/accounts/update",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Change the profile fields; answers the updated profile",
        security: signedIn,
        body: updateProfileRequestSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => accounts.updateProfile(request.user!.id, request.body),
  );

  app.post(
    "/accounts/billing",
    {
      onRequest: app.requireUser,
      schema: {
        tags,
        summary: "Save the billing details (with an optional EU VAT number, checked for its country's format) that prefill deposits and orders; answers the profile",
        security: signedIn,
        body: billingDetailsSchema,
        response: { 200: profileSchema },
      },
    },
    async (request) => accounts.updateBilling(request.user!.id, request.body),
  );

  app.post(
    "/Accounts/change-password",
    {
      onRequest: app.requireUser,
      config: { rateLimit: ACCOUNT_RATE_LIMITS.changePassword },
      schema: {
        tags,
        summary: "Change the password; every other sign-in ends and a notice is mailed",
        security: signedIn,
        body: changePasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await accounts.changePassword(request.user!.id, await sessionOf(request), request.body, request.locale);
      return ok;
    },
  );

  app.post(
    "/Accounts/forgot-password",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.forgotPassword },
      schema: {
        tags,
        summary: "Mail a 10-digit reset code (valid 10 minutes, at most 3 an hour per account) when the account exists; always 200",
        body: forgotPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await accounts.forgot(request.body.email, request.locale);
      return ok;
    },
  );

  app.post(
    "/Accounts/reset-password",
    {
      config: { rateLimit: ACCOUNT_RATE_LIMITS.resetPassword },
      schema: {
        tags,
        summary: "Set a new password with the mailed code; every sign-in ends and a notice is mailed",
        body: resetPasswordRequestSchema,
        response: { 200: okResponseSchema },
      },
    },
    async (request) => {
      await accounts.reset(request.body, request.locale);
      return ok;
    },
  );
};
