import type { Config } from "./config";

type StartSettings = Pick<Config, "HOST" | "PORT" | "NODE_ENV" | "demoData" | "PAYMENT_PROVIDER">;

/** Addresses only this machine reaches. */
const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** Where the server listens, in words: this machine only, or the network (and so anyone who reaches it). */
function listening(config: StartSettings): string {
  const at = `${config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST}:${config.PORT}`;
  if (LOOPBACK.has(config.HOST)) return `listening on ${at}, this machine only (set HOST=0.0.0.0 to open it to the network)`;
  return `listening on ${at}, open to the network (HOST): anyone who reaches it can ${config.demoData ? "sign in as the demo customer and " : ""}read /dev/mailbox`;
}

/**
 * The line a try-out store (`npm start`) prints once it is ready: the address it listens on, what it offers anyone
 * who reaches it, and how to run a real store instead.
 */
export function tryOutStartLine(config: StartSettings): string {
  return (
    `Try-out store ${listening(config)}. NODE_ENV ${config.NODE_ENV}, TRY_OUT: ${config.demoData ? "the demo customer exists, " : ""}` +
    `mail is readable at /dev/mailbox, payments run on the ${config.PAYMENT_PROVIDER}. ` +
    "Set NODE_ENV=production (and leave TRY_OUT unset) for a real deployment."
  );
}
