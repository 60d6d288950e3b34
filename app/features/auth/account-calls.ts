import type {
  BillingDetailsRequest,
  ChangePasswordRequest,
  ForgotPasswordRequest,
  LoginRequest,
  OkResponse,
  Profile,
  RegisterRequest,
  ResetPasswordRequest,
  TokenPair,
  UpdateProfileRequest,
} from "../../../contract/accounts";
import { api } from "~/lib/api/client";
import { tokens } from "~/lib/api/tokens";
import { mergeCartAtSignIn } from "~/lib/cart/cart-sync";

/** The account calls of CONTRACT §4, as the screens use them. */

/** Login; the tokens go to localStorage with remember me, else to sessionStorage; the cart joins the account's. */
export async function signIn(request: LoginRequest): Promise<void> {
  const pair = await api<TokenPair>("/api/Accounts/login", { method: "POST", body: request, auth: false });
  await mergeCartAtSignIn(pair.accessToken);
  tokens.save(pair, request.rememberMe ?? false);
}

/** Register signs the new customer in at once; a visitor's cart becomes the account's. */
export async function signUp(request: RegisterRequest): Promise<void> {
  const pair = await api<TokenPair>("/api/Accounts/register", { method: "POST", body: request, auth: false });
  await mergeCartAtSignIn(pair.accessToken);
  tokens.save(pair, request.rememberMe ?? false);
}

export function sendResetCode(request: ForgotPasswordRequest): Promise<OkResponse> {
  return api<OkResponse>("/api/Accounts/forgot-password", { method: "POST", body: request, auth: false });
}

export function resetPassword(request: ResetPasswordRequest): Promise<OkResponse> {
  return api<OkResponse>("/api/Accounts/reset-password", { method: "POST", body: request, auth: false });
}

export function fetchProfile(signal?: AbortSignal): Promise<Profile> {
  return api<Profile>("/api/Accounts/profile", { signal });
}

export function updateProfile(request: UpdateProfileRequest): Promise<Profile> {
  return api<Profile>("/api/accounts/update", { method: "POST", body: request });
}

export function changePassword(request: ChangePasswordRequest): Promise<OkResponse> {
  return api<OkResponse>("/api/Accounts/change-password", { method: "POST", body: request });
}

/** Saves the billing details that prefill deposits and orders; answers the profile with them. */
export function updateBilling(request: BillingDetailsRequest): Promise<Profile> {
  return api<Profile>("/api/accounts/billing", { method: "POST", body: request });
}

/** Closes the account for good (the password confirms it); the caller then forgets the tokens. */
export function closeAccount(password: string): Promise<OkResponse> {
  return api<OkResponse>("/api/accounts/close", { method: "POST", body: { password } });
}
