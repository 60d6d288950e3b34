import { spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { registerRequestSchema } from "../../contract/accounts";
import { loadConfig } from "../config";
import { orderBody } from "../test/orders-test-support";
import { assembleStore, type StartedStore } from "../start";
import { BackupError, backupSqliteStore } from "./sqlite-backup";
import { restoreSqliteStore } from "./sqlite-restore";

// SQLite only by nature (PostgreSQL's path is pg_basebackup and WAL archiving: docs/operations.md), so a unit test:
// the store runs on an embedded database in a folder of its own.
const root = path.resolve(import.meta.dirname, "../..");
const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-backup-"));
  cleanups.push(() => fs.rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** A store as production starts one on DATA_DIR (no JWT_SECRET: the key is generated into DATA_DIR/jwt-secret). */
async function startStore(dataDir: string): Promise<{ store: StartedStore; url: string }> {
  const store = await assembleStore(loadConfig({ NODE_ENV: "test", LOG_LEVEL: "silent", DEMO_DATA: "false", DATA_DIR: dataDir }), undefined, { logger: false });
  cleanups.push(() => store.close());
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  await store.prepare();
  const address = store.app.server.address();
  return { store, url: `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}` };
}

async function newCustomer(store: StartedStore): Promise<{ userId: string; token: string }> {
  const password = "quiet-lantern-harbour-42";
  const input = registerRequestSchema.parse({
    firstName: "Ada", lastName: "Lovelace", email: `backup-${randomUUID()}@example.com`, country: "ES", agreedToPrivacyPolicy: true, password, repeatedPassword: password,
  });
  const { accessToken, userId } = await store.services.accounts.register(input, "en");
  const { wallet } = store.services;
  await store.services.transaction((trx) => wallet.credit(trx, { userId, currency: "EUR", amount: 10_000_000, kind: "adjustment", reference: "backup-test" }));
  return { userId, token: accessToken };
}

function api(url: string, token: string) {
  return (pathname: string, body?: unknown) =>
    fetch(url + pathname, {
      method: body === undefined ? "GET" : "POST",
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { "content-type": "application/json" }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
}

/** `npm run backup -- <target>` as an operator runs it, in a process of its own while the store serves. */
function runBackup(dataDir: string, target: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["--import", "tsx", "server/main.ts", "backup", target], {
      cwd: root, env: { PATH: process.env.PATH ?? "", NODE_ENV: "test", DATA_DIR: dataDir },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Orders stream from every buyer while `npm run backup` copies `dataDir`; counts what was placed before, during and after. */
async function backupWhileOrdersStream(url: string, buyers: Array<{ token: string }>, dataDir: string, firstId: string) {
  let streaming = true;
  const placed: string[] = [firstId];
  const failures: number[] = [];
  const streams = buyers.map(async (buyer) => {
    const call = api(url, buyer.token);
    while (streaming) {
      const answer = await call("/api/orders", orderBody());
      if (answer.status === 200) placed.push((await answer.json()).id);
      else failures.push(answer.status);
    }
  });
  const until = async (count: number) => {
    while (placed.length < count) await new Promise((resolve) => setImmediate(resolve));
  };
  await until(6);
  const before = placed.length;
  const target = path.join(tempDir(), "backup");
  const backup = await runBackup(dataDir, target);
  const duringBackup = placed.length - before;
  await until(placed.length + 3);
  streaming = false;
  await Promise.all(streams);
  return { placed, failures, before, duringBackup, backup, target };
}

describe("npm run backup and restore (SQLite)", () => {
  it("a copy taken while orders stream restores to a store whose ledger matches every balance, with its files and signing key", async () => {
    const original = tempDir();
    const { store, url } = await startStore(original);
    const buyers = await Promise.all([1, 2, 3].map(() => newCustomer(store)));

    // A delivered result before the backup: its file must come back with the copy.
    const first = await (await api(url, buyers[0]!.token)("/api/orders", orderBody())).json();
    await store.services.orders.deliver(first.id, { fileName: "result.txt", content: Buffer.from("the delivered words") });

    const { placed, failures, before, duringBackup, backup, target } = await backupWhileOrdersStream(url, buyers, original, first.id);

    expect(backup.stderr).toBe("");
    expect(backup.code).toBe(0);
    expect(backup.stdout).toContain("To restore");
    expect(failures).toEqual([]);
    expect(duringBackup).toBeGreaterThan(0);

    const restored = tempDir();
    const manifest = restoreSqliteStore(target, restored);
    expect(manifest.signingKey).toBe("file");
    expect(manifest.files.count).toBe(1);
    const copy = new SQLite(path.join(restored, "scriptorium.sqlite"), { readonly: true });
    cleanups.push(() => void copy.close());
    const copiedOrders = copy.prepare("select id, number, user_id, total, currency from orders").all() as Array<{
      id: string;
      number: string;
      user_id: string;
      total: number;
      currency: string;
    }>;
    expect(copiedOrders.length).toBe(manifest.database.rows.orders);
    expect(copiedOrders.length).toBeGreaterThanOrEqual(before);
    expect(copiedOrders.length).toBeLessThan(placed.length);
    // Every order in the copy has its ledger entry (its reference is the order number), and every balance is the sum of its ledger.
    for (const order of copiedOrders) {
      const entry = copy.prepare("select amount, currency from ledger_entries where kind = 'order' and reference = ? and user_id = ?").get(order.number, order.user_id);
      expect(entry, order.number).toEqual({ amount: -order.total, currency: order.currency });
    }
    const mismatched = copy
      .prepare(
        "select b.user_id, b.amount, (select coalesce(sum(l.amount), 0) from ledger_entries l where l.user_id = b.user_id and l.currency = b.currency) as ledger from balances b",
      )
      .all() as Array<{ amount: number; ledger: number }>;
    expect(mismatched.length).toBe(3);
    expect(mismatched.filter((row) => row.amount !== row.ledger)).toEqual([]);

    // A store on the restored copy accepts a token signed before the backup and serves what the copy holds.
    const again = await startStore(restored);
    const call = api(again.url, buyers[0]!.token);
    expect((await call("/api/Accounts/profile")).status).toBe(200);
    const balance = await (await call("/api/balance", { currency: "EUR" })).json();
    const ownOrders = copiedOrders.filter((order) => order.user_id === buyers[0]!.userId);
    expect(balance.balance * 100).toBe(10_000_000 - ownOrders.reduce((sum, order) => sum + order.total, 0));
    const file = await call(`/api/orders/${first.id}/result`);
    expect(file.status).toBe(200);
    expect(await file.text()).toBe("the delivered words");
  }, 90_000);

  it("refuses a damaged copy, a DATA_DIR that holds a store, and a PostgreSQL store", async () => {
    const original = tempDir();
    const { store } = await startStore(original);
    await store.close();
    const target = path.join(tempDir(), "backup");
    backupSqliteStore({ DATA_DIR: original }, target);

    expect(() => restoreSqliteStore(target, original)).toThrow(/exists: restore into an empty DATA_DIR/);
    fs.appendFileSync(path.join(target, "scriptorium.sqlite"), "x");
    expect(() => restoreSqliteStore(target, tempDir())).toThrow(/does not match the manifest's hash/);
    expect(() => backupSqliteStore({ DATA_DIR: original }, target)).toThrow(/is not empty/);
    expect(() => backupSqliteStore({ DATA_DIR: original, DATABASE_URL: "postgres://db/store" }, tempDir())).toThrow(BackupError);
  });
});
