// Delivers a result file for an order: `npx tsx scripts/deliver-result.ts <order number or id> <file path> [n|all]`:
// to its one open deliverable, to deliverable n, or (`all`) to each awaiting a delivery, one version each. Uses the same configuration as the server (DATA_DIR, DATABASE_URL, STORAGE) and needs no running server.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import type { ResultFile } from "../server/modules/orders/order-files";
import { createServices, type Services } from "../server/services";

const ADMIN = { id: null, role: "admin" } as const;
/** Deliverables a delivery can go to: not started yet (the order is started first), being written, or to revise. */
const AWAITING = new Set(["paid", "in_progress", "revision_requested"]);

/**
 * Delivers `filePath` (streamed) for the order with this number or id; the file keeps its base name. `which`: one
 * deliverable's n, `all` awaiting a delivery (each its own version), or left out for an order with one open deliverable.
 */
export async function deliverResultFile(services: Services, reference: string, filePath: string, which?: number | "all"): Promise<{ number: string; file: ResultFile }> {
  const order = await services.orders.find(reference);
  if (!order) throw new Error(`No order ${reference}`);
  if (!fs.statSync(filePath, { throwIfNoEntry: false })?.isFile()) throw new Error(`No file ${filePath}`);
  const targets =
    which === "all"
      ? (await services.orders.detail(order.id, ADMIN)).deliverables.filter((deliverable) => AWAITING.has(deliverable.status)).map((deliverable) => deliverable.n)
      : [which];
  let file: ResultFile | undefined;
  for (const n of targets) file = await services.orders.deliver(order.id, { fileName: path.basename(filePath), content: fs.createReadStream(filePath) }, n);
  if (!file) throw new Error(`Order ${order.number} has no deliverable awaiting a delivery`);
  return { number: order.number, file };
}

/** The optional third argument: a deliverable's n or `all`. */
function deliverableArgument(value: string | undefined): number | "all" | undefined {
  if (value === undefined || value === "all") return value;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`Not a deliverable: ${value} (a number from 1, or all)`);
  return n;
}

async function main(args: string[]): Promise<void> {
  const [reference, filePath, which] = args;
  if (args.length < 2 || args.length > 3 || reference === undefined || filePath === undefined) {
    console.error("Usage: npx tsx scripts/deliver-result.ts <order number or id> <file path> [deliverable n|all]");
    process.exit(2);
  }
  const deliverable = deliverableArgument(which);
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, "scriptorium.sqlite") });
  try {
    await migrateToLatest(db);
    const services = createServices({ config, db, redis: null });
    const { number, file } = await deliverResultFile(services, reference, filePath, deliverable);
    console.log(`Delivered ${file.fileName} (${file.size} bytes) for order ${number}`);
  } finally {
    await db.close();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
