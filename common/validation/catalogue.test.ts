import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { registerRequestSchema } from "../../contract/accounts";
import en from "./en.json";
import { issuesToFieldMessages } from "./error-map";
import es from "./es.json";

const contractFolder = path.join(import.meta.dirname, "..", "..", "contract");

/** Every `message: "…"` a contract refinement carries: each must be a key of the catalogue. */
function refinementKeys(): string[] {
  return fs
    .readdirSync(contractFolder)
    .filter((file) => file.endsWith(".ts") && !file.endsWith(".test.ts"))
    .flatMap((file) => [...fs.readFileSync(path.join(contractFolder, file), "utf8").matchAll(/message: "([^"]+)"/g)].map((match) => match[1] ?? ""));
}

describe("the validation catalogue", () => {
  it("has the same keys in English and Spanish, none empty, with the same placeholders", () => {
    expect(Object.keys(es).sort()).toEqual(Object.keys(en).sort());
    for (const [key, text] of Object.entries(en)) {
      const spanish = es[key as keyof typeof es];
      expect(text.trim() && spanish.trim(), key).toBeTruthy();
      expect(spanish.match(/\{\{\w+\}\}/g)?.sort(), key).toEqual(text.match(/\{\{\w+\}\}/g)?.sort());
    }
  });

  it("holds every key a contract refinement can produce", () => {
    const keys = refinementKeys();
    expect(keys.length).toBeGreaterThan(0);
    expect(keys.filter((key) => !(key in en))).toEqual([]);
  });
});

describe("the error map", () => {
  const schema = z.strictObject({
    name: z.string().trim().min(1),
    bio: z.string().min(3).max(5),
    tags: z.array(z.string()).min(1),
    email: z.email(),
    agreed: z.literal(true),
  });

  it("names each problem by its catalogue key under the API's field names", () => {
    const input = { name: "  ", bio: "toolong", tags: [], email: "no", agreed: false, extra: 1 };
    const result = schema.safeParse(input);
    expect(result.success).toBe(false);
    expect({ ...issuesToFieldMessages(result.error?.issues ?? [], input, ["orderFormData", 0, "brief"]) }).toEqual({
      "orderFormData[0].brief.name": [{ key: "required" }],
      "orderFormData[0].brief.bio": [{ key: "tooLong", params: { max: 5 } }],
      "orderFormData[0].brief.tags": [{ key: "required" }],
      "orderFormData[0].brief.email": [{ key: "invalidEmail" }],
      "orderFormData[0].brief.agreed": [{ key: "mustAccept" }],
      "orderFormData[0].brief.extra": [{ key: "unknownField" }],
    });
  });

  it("calls an absent field required and a contract refinement by its own key", () => {
    const missing = registerRequestSchema.safeParse({});
    const fields = issuesToFieldMessages(missing.error?.issues ?? [], {});
    expect(fields.firstName).toEqual([{ key: "required" }]);
    const input = { firstName: "Ann", lastName: "Lee", email: "a@b.co", country: "XX", password: "a quiet river", repeatedPassword: "other", agreedToPrivacyPolicy: true };
    const refined = issuesToFieldMessages(registerRequestSchema.safeParse(input).error?.issues ?? [], input);
    expect(refined.country).toEqual([{ key: "countryUnknown" }]);
  });
});
