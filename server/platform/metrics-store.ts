import client from "prom-client";

/** Counts a module reports as it works; the HTTP layer adds its own. Every store owns one registry. */
export interface StoreMetrics {
  orderPlaced(currency: string): void;
  depositCredited(currency: string): void;
  mailSent(): void;
  /** `final`: the mail will not be tried again. */
  mailFailed(final: boolean): void;
}

/** The modules' counters, and the job runner's failures. */
export interface StoreCounters {
  store: StoreMetrics;
  /** A job's try failed; `final` when it is given up. */
  jobFailed(kind: string, final: boolean): void;
}

export function createStoreCounters(registers: client.Registry[]): StoreCounters {
  const ordersPlaced = new client.Counter({
    name: "orders_placed_total",
    help: "Orders placed and paid",
    labelNames: ["currency"] as const,
    registers,
  });
  const depositsCredited = new client.Counter({
    name: "deposits_credited_total",
    help: "Deposits credited to a balance (each once)",
    labelNames: ["currency"] as const,
    registers,
  });
  const mailSent = new client.Counter({ name: "mail_sent_total", help: "Mails handed to the SMTP server", registers });
  const mailFailed = new client.Counter({
    name: "mail_failed_total",
    help: "Failed SMTP attempts; final=true when the mail is given up",
    labelNames: ["final"] as const,
    registers,
  });
  const jobFailures = new client.Counter({
    name: "job_failures_total",
    help: "Failed job tries by kind; final=false: retried later with backoff, final=true: given up (status failed)",
    labelNames: ["kind", "final"] as const,
    registers,
  });
  return {
    store: {
      orderPlaced: (currency) => ordersPlaced.inc({ currency }),
      depositCredited: (currency) => depositsCredited.inc({ currency }),
      mailSent: () => mailSent.inc(),
      mailFailed: (final) => mailFailed.inc({ final: String(final) }),
    },
    jobFailed: (kind, final) => jobFailures.inc({ kind, final: String(final) }),
  };
}
