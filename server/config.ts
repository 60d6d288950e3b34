import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === "" ? undefined : value.trim()));

const booleanFlag = z
  .enum(["true", "false", "1", "0", "yes", "no"])
  .optional()
  .transform((value) => (value === undefined ? undefined : ["true", "1", "yes"].includes(value)));

/** A comma-separated list of file extensions ("pdf, .DOCX" → ["pdf", "docx"]), at least one. */
const fileTypes = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((value) => value.split(",").map((type) => type.trim().toLowerCase().replace(/^\./, "")).filter(Boolean))
    .pipe(z.array(z.string().regex(/^[a-z0-9]{1,10}$/, "must be a comma-separated list of file extensions")).min(1, "must name at least one file extension"));

const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    /** Bind address; unset: 127.0.0.1 for the try-out store (demo password, open /dev/mailbox), 0.0.0.0 otherwise. */
    HOST: optional,
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** Share of requests logged (one JSON line each, 0 to 1); server errors are always logged. */
    /** Bearer token a Prometheus scraper sends to read /metrics; without it /metrics is off in production. */
    METRICS_TOKEN: optional.pipe(z.string().min(16, "must be at least 16 characters").optional()),
    /** Seconds between SIGTERM (readyz turns 503) and closing the listener, so a checking balancer stops sending. */
    DRAIN_SECONDS: z.coerce.number().min(0).max(120).default(0),
    /** What this instance runs: `web` (HTTP, no timed jobs), `worker` (the job runner; only probes and metrics on PORT) or `all`. */
    ROLE: z.enum(["web", "worker", "all"]).default("all"),
    /** API requests (and form posts) in flight per process before more are refused at once with 503 + Retry-After; 0: never. */
    MAX_IN_FLIGHT: z.coerce.number().int().min(0).max(100_000).default(64),
    /**
     * Milliseconds since the proxy received an order (its X-Request-Start) past which it is refused with 503 +
     * Retry-After instead of committed: well below clients' timeouts, so an order is paid only when its answer can still
     * arrive; 0: never.
     */
    ORDER_DEADLINE_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: optional.pipe(
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
        .optional(),
    ),
    /**
     * PostgreSQL connections one instance holds at most. Fewer can be faster: with PostgreSQL on the store's own 2
     * cores, 3–5 placed about 9 % more orders per second than 10 (319–340 vs 298–307/s) with a p99 of 181–205 ms against 238–277 ms (docs/perf-notes.md).
     */
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
    REDIS_URL: optional.pipe(z.string().regex(/^rediss?:\/\//, "must start with redis://").optional()),
    STORAGE: z.enum(["local", "s3"]).default("local"),
    /**
     * With local storage behind nginx: the internal location (e.g. `/_files/`) that maps to DATA_DIR/files. Result
     * downloads are then checked by the store and sent by nginx (`X-Accel-Redirect`, sendfile); docs/operations.md.
     */
    DOWNLOAD_ACCEL_PATH: optional.pipe(z.string().regex(/^\/([\w-]+\/)+$/, "must be a path like /_files/ (starting and ending with /)").optional()),
    S3_BUCKET: optional,
    S3_REGION: optional,
    S3_ENDPOINT: optional.pipe(z.url({ protocol: /^https?$/, error: "must be an http:// or https:// URL" }).optional()),
    S3_ACCESS_KEY_ID: optional,
    S3_SECRET_ACCESS_KEY: optional,
    MAIL_TRANSPORT: z.enum(["outbox", "smtp"]).default("outbox"),
    SMTP_URL: optional.pipe(z.string().regex(/^smtps?:\/\//, "must start with smtp:// or smtps://").optional()),
    MAIL_FROM: z.string().min(3).default("Scriptorium <no-reply@localhost>"),
    SUPPORT_EMAIL: z.string().min(3).default("support@localhost"),
    /** The store's postal address in every mail's footer, lines separated by `|`. */
    PAYMENT_PROVIDER: z.enum(["sandbox", "stripe"]).optional(),
    STRIPE_SECRET_KEY: optional,
    STRIPE_WEBHOOK_SECRET: optional,
    JWT_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    /** The secret before the last rotation: access tokens it signed are still accepted until they expire. */
    JWT_PREVIOUS_SECRET: optional.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_EMAIL: optional.pipe(z.email().optional()),
    ADMIN_PASSWORD: optional.pipe(z.string().min(8, "must be at least 8 characters").optional()),
    PUBLIC_URL: optional.pipe(z.url().optional()),
    DEMO_DATA: booleanFlag,
    DEPOSIT_MIN: z.coerce.number().positive().default(5),
    DEPOSIT_MAX: z.coerce.number().positive().default(10000),
    /** Days a delivered order waits for the customer's review before it completes on its own (LIFECYCLE.md). */
    VAT_RATE: z.coerce
      .number()
      .min(0)
      .max(100)
      .refine((rate) => Math.abs(rate * 100 - Math.round(rate * 100)) < 1e-6, "must have at most two decimals")
      .default(21),
    SELLER_NAME: z.string().trim().min(1).default("Scriptorium"),
    SELLER_ADDRESS: z.string().trim().default(""),
    SELLER_VAT_NUMBER: z.string().trim().default(""),
    REVIEW_DAYS: z.coerce.number().int().min(1).max(60).default(7),
    /** The on-time guarantee (issue 28): percent of a late deliverable's price credited to its buyer once; 0 turns it off. */
    ON_TIME_CREDIT_PERCENT: z.coerce.number().int("must be a whole percent").min(0).max(100).default(10),
    // Rush deliveries one day may be due on; a full day moves a rush to the next free one (issue 28).
    RUSH_CAPACITY_PER_DAY: z.coerce.number().int().min(1).max(10_000).default(5),
    /** Days a withdrawn balance usually takes to reach the customer's payment: named by the balance policy (issue 25). */
    WITHDRAWAL_REFUND_DAYS: z.coerce.number().int().min(1).max(60).default(10),
    /** Hours within which a new ticket should get its first staff answer; the inbox marks it overdue after (issue 26). */
    SUPPORT_FIRST_RESPONSE_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    BUILD_POLL_SECONDS: z.coerce.number().int().positive().default(300),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(1024 * 1024),
    UPLOAD_LIMIT_BYTES: z.coerce.number().int().positive().default(100 * 1024 * 1024),
    /** File types (extensions) staff may deliver as results; anything else is refused with the list. */
    UPLOAD_ALLOWED_TYPES: fileTypes("pdf,docx,pptx,xlsx,odt,zip,md,txt,csv,png,jpg,jpeg"),
    /** File types (extensions) customers and staff may attach to an order's messages; no markup, no programs by default. */
    ATTACHMENT_ALLOWED_TYPES: fileTypes("pdf,docx,xlsx,pptx,odt,txt,md,csv,png,jpg,jpeg,zip"),
    TRUST_PROXY: booleanFlag,
    API_DOCS: z.enum(["public", "staff", "off"]).optional(),
    TRY_OUT: booleanFlag,
    LOG_SAMPLE: z.coerce.number().min(0).max(1).optional(),
    SSR_CONCURRENCY: z.coerce.number().int().min(1).max(1000).default(8),
    /** Writers see unassigned paid orders as a pool (the brief alone) and take them; `false`: managers assign all work. */
    WRITER_POOL: booleanFlag,
    /** Test-only: a file holding milliseconds added to the wall clock, so browser tests can move the store's time. */
    CLOCK_OFFSET_FILE: optional,
  })
  .superRefine((env, ctx) => {
    const need = (when: boolean, key: keyof typeof env, why: string) => {
      if (when && !env[key]) ctx.addIssue({ code: "custom", path: [key], message: `is required when ${why}` });
    };
    need(env.MAIL_TRANSPORT === "smtp", "SMTP_URL", "MAIL_TRANSPORT=smtp");
    need(env.PAYMENT_PROVIDER === "stripe", "STRIPE_SECRET_KEY", "PAYMENT_PROVIDER=stripe");
    need(env.PAYMENT_PROVIDER === "stripe", "STRIPE_WEBHOOK_SECRET", "PAYMENT_PROVIDER=stripe");
    need(env.STORAGE === "s3", "S3_BUCKET", "STORAGE=s3");
    if (env.STORAGE === "s3" && env.DOWNLOAD_ACCEL_PATH) {
      ctx.addIssue({ code: "custom", path: ["DOWNLOAD_ACCEL_PATH"], message: "applies to STORAGE=local only (S3 files never pass through nginx's disk)" });
    }
    need(Boolean(env.S3_ACCESS_KEY_ID), "S3_SECRET_ACCESS_KEY", "S3_ACCESS_KEY_ID is set");
    need(Boolean(env.S3_SECRET_ACCESS_KEY), "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY is set");
    // The sandbox lets a buyer approve their own deposit: a production store runs it only when told to.
    need(env.NODE_ENV === "production" && !env.TRY_OUT, "PAYMENT_PROVIDER", "NODE_ENV=production (stripe, or sandbox on purpose)");
    need(Boolean(env.ADMIN_EMAIL), "ADMIN_PASSWORD", "ADMIN_EMAIL is set");
    if (env.DEPOSIT_MIN > env.DEPOSIT_MAX) {
      ctx.addIssue({ code: "custom", path: ["DEPOSIT_MIN"], message: "must not exceed DEPOSIT_MAX" });
    }
  });

export type Env = z.infer<typeof envSchema>;

export interface Config extends Omit<Env, "PAYMENT_PROVIDER" | "API_DOCS" | "TRY_OUT" | "LOG_SAMPLE" | "HOST" | "WRITER_POOL"> {
  /**
   * The address the server listens on: HOST when set; otherwise this machine only (127.0.0.1) for the try-out store,
   * whose demo customer's password is published and whose mail is readable at /dev/mailbox, and every interface
   * (0.0.0.0) for a real store.
   */
  HOST: string;
  /** Writers take unassigned paid orders from a pool (on unless WRITER_POOL=false). */
  WRITER_POOL: boolean;
  /** Share of requests logged (one line each, after the answer): 0 by default in production, 1 otherwise. */
  LOG_SAMPLE: number;
  /**
   * The try-out store: demo customer, mail readable at /dev/mailbox, sandbox payments by default, no HSTS. On outside
   * production, and where `npm start` runs without NODE_ENV (TRY_OUT=true), so React still renders its production build.
   */
  tryOut: boolean;
  /** Who may read /api/docs: `public` by default in the try-out store, `staff` otherwise. */
  apiDocs: "public" | "staff" | "off";
  /** `sandbox` unless set; production must set it (the sandbox lets buyers pay themselves). */
  PAYMENT_PROVIDER: "sandbox" | "stripe";
  isProduction: boolean;
  publicUrl: string;
  /** Demo customer with balance and a delivered order; on by default in the try-out store. */
  demoData: boolean;
  /** Who issues receipts, invoices and credit notes, and the VAT included in every price (basis points: 21 % = 2100). */
  seller: { name: string; address: string[]; vatNumber: string; vatRateBasisPoints: number };
}

export class ConfigError extends Error {}

/** Reads the environment; a bad value throws a ConfigError whose message is one line naming the variable and the rule, never the value. */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    // A failed parse always carries at least one issue; the first names the variable.
    const [issue] = parsed.error.issues;
    const name = String(issue.path[0] ?? "environment");
    // The value itself is never printed: it may be a secret (JWT_SECRET, a DATABASE_URL with its password).
    throw new ConfigError(`Configuration error: ${name} ${issue.message}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === "production";
  const tryOut = env.TRY_OUT ?? !isProduction;
  return {
    ...env,
    PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? "sandbox",
    HOST: env.HOST ?? (tryOut ? "127.0.0.1" : "0.0.0.0"),
    isProduction,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ""),
    tryOut,
    LOG_SAMPLE: env.LOG_SAMPLE ?? (isProduction ? 0 : 1),
    demoData: env.DEMO_DATA ?? tryOut,
    WRITER_POOL: env.WRITER_POOL ?? true,
    apiDocs: env.API_DOCS ?? (tryOut ? "public" : "staff"),
    seller: {
      name: env.SELLER_NAME,
      address: env.SELLER_ADDRESS.split("|").map((line) => line.trim()).filter(Boolean),
      vatNumber: env.SELLER_VAT_NUMBER,
      vatRateBasisPoints: Math.round(env.VAT_RATE * 100),
    },
  };
}
