import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

const root = path.resolve(import.meta.dirname, "..");

function configError(env: NodeJS.ProcessEnv): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error("expected a ConfigError");
}

describe("configuration", () => {
  it("reads the seller and the VAT rate printed on invoices", () => {
    expect(loadConfig({}).seller).toEqual({ name: "Scriptorium", address: [], vatNumber: "", vatRateBasisPoints: 2100 });
    const config = loadConfig({ VAT_RATE: "10.5", SELLER_NAME: "Scriptorium SL", SELLER_ADDRESS: "Calle Uno 1 | 28001 Madrid", SELLER_VAT_NUMBER: "ESB12345674" });
    expect(config.seller).toEqual({ name: "Scriptorium SL", address: ["Calle Uno 1", "28001 Madrid"], vatNumber: "ESB12345674", vatRateBasisPoints: 1050 });
    expect(configError({ VAT_RATE: "21.005" })).toBe("Configuration error: VAT_RATE must have at most two decimals");
    expect(configError({ VAT_RATE: "121" })).toMatch(/^Configuration error: VAT_RATE /);
  });

  it("starts on the documented defaults", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      MAIL_TRANSPORT: "outbox",
      SUPPORT_EMAIL: "support@localhost",
      PAYMENT_PROVIDER: "sandbox",
      publicUrl: "http://localhost:3000",
      isProduction: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.REDIS_URL).toBeUndefined();
  });

  it.each([
    [{ PORT: "abc" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://x" }, "DATABASE_URL"],
    [{ REDIS_URL: "http://cache" }, "REDIS_URL"],
    [{ MAIL_TRANSPORT: "smtp" }, "SMTP_URL"],
    [{ MAIL_TRANSPORT: "pigeon" }, "MAIL_TRANSPORT"],
    [{ PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_1" }, "STRIPE_WEBHOOK_SECRET"],
    [{ JWT_SECRET: "short" }, "JWT_SECRET"],
    [{ NODE_ENV: "production" }, "PAYMENT_PROVIDER"],
    [{ STORAGE: "s3" }, "S3_BUCKET"],
    [{ S3_ENDPOINT: "minio:9000" }, "S3_ENDPOINT"],
    [{ S3_ACCESS_KEY_ID: "key" }, "S3_SECRET_ACCESS_KEY"],
  ])("refuses %o with one line naming %s", (env, variable) => {
    const message = configError(env);
    expect(message).toMatch(new RegExp(`^Configuration error: ${variable} `));
    expect(message).not.toContain("\n");
  });

  it("runs a production store on the sandbox only when PAYMENT_PROVIDER says so", () => {
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" })).toMatchObject({
      isProduction: true,
      PAYMENT_PROVIDER: "sandbox",
      demoData: false,
    });
  });

  it("runs the try-out store under a production NODE_ENV when TRY_OUT says so", () => {
    expect(loadConfig({ NODE_ENV: "production", TRY_OUT: "true" })).toMatchObject({
      isProduction: true,
      tryOut: true,
      demoData: true,
      PAYMENT_PROVIDER: "sandbox",
      apiDocs: "public",
    });
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "k", STRIPE_WEBHOOK_SECRET: "w" })).toMatchObject({
      tryOut: false,
      demoData: false,
      apiDocs: "staff",
    });
  });

  it("keeps the try-out store on this machine unless HOST says otherwise; a real store listens on every interface", () => {
    // npm start: NODE_ENV=production with TRY_OUT=true (scripts/start.mjs); its demo password is in the README.
    expect(loadConfig({ NODE_ENV: "production", TRY_OUT: "true" }).HOST).toBe("127.0.0.1");
    expect(loadConfig({}).HOST).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "production", TRY_OUT: "true", HOST: "0.0.0.0" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" }).HOST).toBe("0.0.0.0");
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", HOST: "10.0.0.5" }).HOST).toBe("10.0.0.5");
  });
});

describe("configuration tuning", () => {
  it("renders 8 pages at once by default, SSR_CONCURRENCY otherwise, and refuses 0", () => {
    expect(loadConfig({}).SSR_CONCURRENCY).toBe(8);
    expect(loadConfig({ SSR_CONCURRENCY: "2" }).SSR_CONCURRENCY).toBe(2);
    expect(() => loadConfig({ SSR_CONCURRENCY: "0" })).toThrow(/SSR_CONCURRENCY/);
  });

  it("holds at most 10 PostgreSQL connections per instance by default, DATABASE_POOL_SIZE otherwise", () => {
    expect(loadConfig({}).DATABASE_POOL_SIZE).toBe(10);
    expect(loadConfig({ DATABASE_POOL_SIZE: "5" }).DATABASE_POOL_SIZE).toBe(5);
    for (const value of ["0", "2.5", "many", "201"]) expect(configError({ DATABASE_POOL_SIZE: value })).toMatch(/^Configuration error: DATABASE_POOL_SIZE /);
  });

  it("commits an order whatever its age by default, ORDER_DEADLINE_MS otherwise (0: no deadline)", () => {
    expect(loadConfig({}).ORDER_DEADLINE_MS).toBe(0);
    expect(loadConfig({ ORDER_DEADLINE_MS: "2500" }).ORDER_DEADLINE_MS).toBe(2500);
    expect(loadConfig({ ORDER_DEADLINE_MS: "0" }).ORDER_DEADLINE_MS).toBe(0);
    for (const value of ["-1", "1.5", "soon", "600001"]) expect(configError({ ORDER_DEADLINE_MS: value })).toMatch(/^Configuration error: ORDER_DEADLINE_MS /);
  });

  it("logs no requests by default in production and every request otherwise, unless LOG_SAMPLE says", () => {
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" }).LOG_SAMPLE).toBe(0);
    expect(loadConfig({}).LOG_SAMPLE).toBe(1);
    expect(loadConfig({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox", LOG_SAMPLE: "0.01" }).LOG_SAMPLE).toBe(0.01);
    expect(configError({ LOG_SAMPLE: "2" })).toMatch(/^Configuration error: LOG_SAMPLE /);
  });

  it("hands local downloads to nginx only at a path like /_files/, and never with S3 storage", () => {
    expect(loadConfig({}).DOWNLOAD_ACCEL_PATH).toBeUndefined();
    expect(loadConfig({ DOWNLOAD_ACCEL_PATH: "/_files/" }).DOWNLOAD_ACCEL_PATH).toBe("/_files/");
    expect(configError({ DOWNLOAD_ACCEL_PATH: "_files" })).toBe("Configuration error: DOWNLOAD_ACCEL_PATH must be a path like /_files/ (starting and ending with /)");
    expect(configError({ DOWNLOAD_ACCEL_PATH: "/_files/", STORAGE: "s3", S3_BUCKET: "b" })).toMatch(/DOWNLOAD_ACCEL_PATH applies to STORAGE=local only/);
  });

  it("reads the attachment types, a safe list by default, separately from the result types", () => {
    expect(loadConfig({}).ATTACHMENT_ALLOWED_TYPES).toEqual(["pdf", "docx", "xlsx", "pptx", "odt", "txt", "md", "csv", "png", "jpg", "jpeg", "zip"]);
    const config = loadConfig({ ATTACHMENT_ALLOWED_TYPES: " .PDF, txt ,", UPLOAD_ALLOWED_TYPES: "pdf" });
    expect(config.ATTACHMENT_ALLOWED_TYPES).toEqual(["pdf", "txt"]);
    expect(config.UPLOAD_ALLOWED_TYPES).toEqual(["pdf"]);
    expect(configError({ ATTACHMENT_ALLOWED_TYPES: "pdf, ../exe" })).toBe("Configuration error: ATTACHMENT_ALLOWED_TYPES must be a comma-separated list of file extensions");
  });
});

describe("configuration errors", () => {
  it("names the variable and the rule, never the value, which may be a secret", () => {
    expect(configError({ DATABASE_URL: "mysql://admin:hunter2-secret@db/x" })).toBe(
      "Configuration error: DATABASE_URL must start with postgres:// or postgresql://",
    );
    const jwt = configError({ JWT_SECRET: "too-short-secret-value" });
    expect(jwt).toBe("Configuration error: JWT_SECRET must be at least 32 characters");
    expect(configError({ SMTP_URL: "http://user:pw-secret@mail" })).not.toContain("pw-secret");
    expect(configError({ MAIL_TRANSPORT: "carrier-pigeon-secret" })).not.toContain("carrier-pigeon-secret");
  });

  it("stops the server with exit code 1 and one line, no stack trace", () => {
    const result = spawnSync(process.execPath, ["--import", "tsx", "server/main.ts"], {
      cwd: root,
      env: { PATH: process.env.PATH, PORT: "abc" },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status).toBe(1);
    expect(result.stdout).toBe("");
    const lines = result.stderr.trim().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^Configuration error: PORT /);
    expect(lines[0]).not.toContain("abc");
  });
});
