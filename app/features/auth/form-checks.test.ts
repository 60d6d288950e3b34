import { describe, expect, it } from "vitest";
import { changePasswordRequestSchema, loginRequestSchema, registerRequestSchema, resetPasswordRequestSchema } from "../../../contract/accounts";
import type { TFunction } from "i18next";
import { checkValues } from "./form-checks";

const t = ((key: string, options?: { min?: number; max?: number }) =>
  options?.min !== undefined ? `${key}:${options.min}` : options?.max !== undefined ? `${key}:${options.max}` : key) as unknown as TFunction<"validation">;

const validRegistration = {
  firstName: "Ann",
  lastName: "Lee",
  email: " Ann@Example.COM ",
  country: "ES",
  password: "a quiet river at dawn",
  repeatedPassword: "a quiet river at dawn",
  agreedToPrivacyPolicy: true,
};

describe("client-side checks mirror the contract schemas", () => {
  it("passes valid values on as the server would read them", () => {
    const result = checkValues(registerRequestSchema, validRegistration, t);
    expect(result.errors).toBeNull();
    expect(result.data?.email).toBe("ann@example.com");
  });

  it("puts every problem at the server's field name", () => {
    const result = checkValues(
      registerRequestSchema,
      { ...validRegistration, firstName: "", email: "not-an-email", country: "", password: "short", repeatedPassword: "other", agreedToPrivacyPolicy: false },
      t,
    );
    expect(result.errors).toEqual({
      firstName: ["required"],
      email: ["invalidEmail"],
      country: ["countryUnknown"],
      password: ["tooShort:8"],
      repeatedPassword: ["passwordsDiffer"],
      agreedToPrivacyPolicy: ["mustAccept"],
    });
  });

  it("reports an empty password as required, a long one as too long, and a malformed reset code", () => {
    expect(checkValues(loginRequestSchema, { email: "a@b.co", password: "", rememberMe: false }, t).errors).toEqual({
      password: ["required"],
    });
    const long = "x".repeat(129);
    expect(checkValues(changePasswordRequestSchema, { currentPassword: "old one", password: long, repeatedPassword: long }, t).errors).toEqual({
      password: ["tooLong:128"],
      repeatedPassword: ["tooLong:128"],
    });
    const reset = { email: "a@b.co", code: "12ab", password: "a quiet river at dawn", repeatedPassword: "a quiet river at dawn" };
    expect(checkValues(resetPasswordRequestSchema, reset, t).errors).toEqual({ code: ["codeFormat"] });
  });
});
