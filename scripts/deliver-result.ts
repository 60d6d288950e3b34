// Delivers a result file for an order: `npx tsx scripts/deliver-result.ts <order number or id> <file path>`.
// Uses the same configuration as the server (DATA_DIR, DATABASE_URL, STORAGE) and needs no running server.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { loadConfig } from "../server/config";
import { openDatabase } from "../server/db/database";
import { migrateToLatest } from "../server/db/migrate";
import type { ResultFile } from "../server/modules/orders/order-files";
import { createServices, type Services } from "../server/services";

/** Delivers `filePath` (streamed) for the order with this number or id; the file keeps its base name. */
export async function deliverResultFile(services: Services, reference: string, filePath: string): Promise<{ number: string; file: ResultFile }> {
  const order = await services.orders.find(reference);
  if (!order) throw new Error(`No order ${reference}`);
  if (!fs.statSync(filePath, { throwIfNoEntry: false })?.isFile()) throw new Error(`No file ${filePath}`);
  const file = await services.orders.deliver(order.id, { fileName: path.basename(filePath), content: fs.createReadStream(filePath) });
  return { number: order.number, file };
}

async function main(args: string[]): Promise<void> {
  const [reference, filePath] = args;
  if (args.length !== 2 || reference === undefined || filePath === undefined) {
    console.error("Usage: npx tsx scripts/deliver-result.ts <order number or id> <file path>");
    process.exit(2);
  }
  const config = loadConfig();
  const db = openDatabase({ databaseUrl: config.DATABASE_URL, sqliteFile: path.join(config.DATA_DIR, "scriptorium.sqlite") });
  try {
    await migrateToLatest(db);
    const services = createServices({ config, db, redis: null });
    const { number, file } = await deliverResultFile(services, reference, filePath);
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
