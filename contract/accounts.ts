import { z } from "zod";

/** A customer, or one of the staff roles of LIFECYCLE.md. */
export const USER_ROLES = ["customer", "writer", "manager", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];
import { isCountryCode } from "./countries";
import { vatNumberSchema } from "./vat-number";

/**
 * Account calls of CONTRACT §4: request and answer schemas shared by the API and the app.
 * Messages of refinements are catalogue keys (server/i18n/<locale>/accounts.json; the app maps them too).
 */

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const NAME_MAX_LENGTH = 100;
export const EMAIL_MAX_LENGTH = 254;
export const RESET_CODE_LENGTH = 10;

/** Trimmed and lowercased before it is checked, so " Ann@Example.COM " and "ann@example.com" are one account. */
export const emailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_MAX_LENGTH)
  .pipe(z.email())
  .describe("email address; spaces around it and letter case are ignored");

/** 8 to 128 characters, no composition rules (the server also refuses the most common passwords). */
export const newPasswordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

const personName = z.string().trim().min(1).max(NAME_MAX_LENGTH);
const optionalText = (max: number) => z.string().trim().max(max).default("");

/** ISO 3166-1 alpha-2, any case in, uppercase out (contract/countries.ts lists the codes). */
export const countrySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isCountryCode, { message: "countryUnknown" })
  .describe("ISO 3166-1 alpha-2 country code, e.g. ES");

/** Extra, not in the spec: keeps the login for 30 days instead of 1. */
const rememberMe = z.boolean().default(false).describe("refresh token lives 30 days when true, 1 day otherwise");

function repeatMatches(value: { password: string; repeatedPassword: string }): boolean {
  return value.password === value.repeatedPassword;
}
/** The repeat is compared even when other fields fail, so every error shows at once. */
const repeatError = {
  message: "passwordsDiffer",
  path: ["repeatedPassword"],
  when: (payload: { value: unknown }) => {
    const value = payload.value as { password?: unknown; repeatedPassword?: unknown } | null;
    return typeof value?.password === "string" && typeof value.repeatedPassword === "string";
  },
};

export const registerRequestSchema = z
  .strictObject({
    firstName: personName,
    lastName: personName,
    email: emailSchema,
    country: countrySchema,
    password: newPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
    agreedToPrivacyPolicy: z.literal(true),
    rememberMe,
  })
  .refine(repeatMatches, repeatError);
export type RegisterRequest = z.input<typeof registerRequestSchema>;

export const loginRequestSchema = z.strictObject({
  email: emailSchema,
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
  rememberMe,
});
export type LoginRequest = z.input<typeof loginRequestSchema>;

export const tokenPairSchema = z.object({
  accessToken: z.string().describe("JWT for `Authorization: Bearer`, valid 15 minutes"),
  refreshToken: z.string().describe("opaque, single use: every refresh answers a new one"),
});
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.strictObject({ refreshToken: z.string().min(1).max(200) });
export type RefreshRequest = z.input<typeof refreshRequestSchema>;

/** Extra, not in the spec: POST /api/Accounts/logout ends the sign-in the refresh token belongs to. */
export const logoutRequestSchema = refreshRequestSchema;
export type LogoutRequest = RefreshRequest;

const billingText = (max: number) => z.string().trim().min(1).max(max);
const billingOptional = (max: number) => z.string().trim().max(max).default("");

/**
 * Billing details remembered with the account (POST /api/accounts/billing, and whenever a deposit or an order
 * sends them), used to prefill the next deposit or order and printed on its receipt or invoice.
 */
export const billingDetailsSchema = z.strictObject({
  firstName: billingText(100),
  lastName: billingText(100),
  email: z.email().max(254),
  businessName: billingOptional(200),
  country: countrySchema,
  city: billingText(100),
  address1: billingText(200),
  state: billingOptional(100),
  zipCode: billingText(20),
  vatNumber: vatNumberSchema.describe("optional EU VAT number with its country prefix, e.g. ESA28015865"),
});
export type BillingDetails = z.infer<typeof billingDetailsSchema>;
export type BillingDetailsRequest = z.input<typeof billingDetailsSchema>;

/** Billing details as answered (already checked and normalised when they were stored). */
export const billingDetailsViewSchema = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  businessName: z.string(),
  country: z.string(),
  city: z.string(),
  address1: z.string(),
  state: z.string(),
  zipCode: z.string(),
  vatNumber: z.string(),
});

/** POST /api/accounts/close: the password confirms closing the account for good. */
export const closeAccountRequestSchema = z.strictObject({ password: z.string().min(1).max(PASSWORD_MAX_LENGTH) });
export type CloseAccountRequest = z.input<typeof closeAccountRequestSchema>;

export const PROFILE_LIMITS = { company: 200, city: 100, zipCode: 20, address: 300 } as const;

export const profileSchema = z.object({
  id: z.string(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  country: z.string(),
  company: z.string(),
  city: z.string(),
  zipCode: z.string(),
  address: z.string(),
  role: z.enum(USER_ROLES),
  createdAt: z.string().describe("ISO-8601 UTC"),
  billing: billingDetailsViewSchema.nullable().describe("the billing details last used or saved; null until then"),
});
export type Profile = z.infer<typeof profileSchema>;

export const updateProfileRequestSchema = z.strictObject({
  firstName: personName,
  lastName: personName,
  country: countrySchema,
  company: optionalText(PROFILE_LIMITS.company),
  city: optionalText(PROFILE_LIMITS.city),
  zipCode: optionalText(PROFILE_LIMITS.zipCode),
  address: optionalText(PROFILE_LIMITS.address),
});
export type UpdateProfileRequest = z.input<typeof updateProfileRequestSchema>;

export const changePasswordRequestSchema = z
  .strictObject({
    currentPassword: z.string().min(1).max(PASSWORD_MAX_LENGTH),
    password: newPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine(repeatMatches, repeatError);
export type ChangePasswordRequest = z.input<typeof changePasswordRequestSchema>;

export const forgotPasswordRequestSchema = z.strictObject({ email: emailSchema });
export type ForgotPasswordRequest = z.input<typeof forgotPasswordRequestSchema>;

const resetCodePattern = new RegExp(`^\\d{${RESET_CODE_LENGTH}}$`);

export const resetCodeSchema = z
  .string()
  .trim()
  .refine((code) => resetCodePattern.test(code), { message: "codeFormat" })
  .describe(`the ${RESET_CODE_LENGTH}-digit code from the mail`);

export const resetPasswordRequestSchema = z
  .strictObject({
    email: emailSchema,
    code: resetCodeSchema,
    password: newPasswordSchema,
    repeatedPassword: z.string().max(PASSWORD_MAX_LENGTH),
  })
  .refine(repeatMatches, repeatError);
export type ResetPasswordRequest = z.input<typeof resetPasswordRequestSchema>;

/** Answer of the calls that only confirm (change-password, forgot-password, reset-password, logout). */
export const okResponseSchema = z.object({ ok: z.literal(true) });
export type OkResponse = z.infer<typeof okResponseSchema>;
