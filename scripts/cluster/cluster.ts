// `npm run cluster` and the cluster test share this: the backing services, N store instances and nginx in front.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startBacking, type Backing } from "./backing";
import { freePort } from "../../server/test/free-port";
import { ROOT, startInstance, type Instance } from "./instances";
import { startNginx, type NginxProxy } from "./nginx";

export const ADMIN = { email: "staff@cluster.test", password: "cluster-staff-password-1" };
export const METRICS_TOKEN = "cluster-metrics-token-0123";

export interface Cluster {
  proxy: NginxProxy;
  /** The running instances by slot; a restart replaces the slot's entry. */
  instances: Instance[];
  backing: Backing;
  buildDir: string;
  /**
   * SIGTERM the slot's instance (SIGKILL with `kill`: the supervisor's part after a crash), wait for it to exit, start
   * it again (on `buildDir` when given) and wait until ready.
   */
  restart(slot: number, options?: { buildDir?: string; kill?: boolean }): Promise<void>;
  close(): Promise<void>;
}

/** Builds the app once into a folder of its own (what `npm run build` makes), unless CLUSTER_BUILD_DIR names one. */
export function buildOnce(): { dir: string; remove: boolean } {
  if (process.env.CLUSTER_BUILD_DIR) return { dir: path.resolve(process.env.CLUSTER_BUILD_DIR), remove: false };
  const dir = path.join(ROOT, ".cluster-build", String(process.pid));
  // The app and the compiled server (build/app-server/main.js), as `npm run build` makes them.
  execFileSync(process.execPath, [path.join(ROOT, "scripts", "build.mjs")], { cwd: ROOT, env: { ...process.env, BUILD_DIR: dir }, stdio: ["ignore", "ignore", "inherit"] });
  return { dir, remove: true };
}

/** A copy of `buildDir` under a new build id: what deploying the next release looks like to the instances. */
export function nextBuild(buildDir: string, id: string): string {
  const dir = `${buildDir}-${id}`;
  fs.cpSync(buildDir, dir, { recursive: true });
  const serverEntry = path.join(dir, "server", "index.js");
  const source = fs.readFileSync(serverEntry, "utf8");
  // The manifest's entry in React Router's server build, written without whitespace (decision 0097):
  // url:`/assets/manifest-<id>.js`,version:`<id>` (or quoted keys and strings, as an unminified build writes them).
  const match = /"?url"?:\s*(["`])\/assets\/manifest-([\w-]+)\.js\1,\s*"?version"?:\s*(["`])([\w-]+)\3/.exec(source);
  if (!match) throw new Error("build id not found in the server build");
  const [found, , manifest, quote, version] = match;
  const renamed = found.replaceAll(manifest, id).replace(`${quote}${version}${quote}`, `${quote}${id}${quote}`);
  fs.writeFileSync(serverEntry, source.replace(found, renamed));
  fs.renameSync(path.join(dir, "client", "assets", `manifest-${manifest}.js`), path.join(dir, "client", "assets", `manifest-${id}.js`));
  return dir;
}

/** `ownServices`: a PostgreSQL and a Redis of the cluster's own (backing.own), for fault scenarios that stop them. */
export async function startCluster(options: { instances: number; buildDir: string; env?: Record<string, string>; ownServices?: boolean }): Promise<Cluster> {
  const backing = await startBacking({ own: options.ownServices });
  const proxyPort = await freePort();
  const ports = await Promise.all(Array.from({ length: options.instances }, () => freePort()));
  const env: Record<string, string> = {
    NODE_ENV: "production",
    PAYMENT_PROVIDER: "sandbox",
    LOG_LEVEL: "warn",
    PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
    TRUST_PROXY: "true",
    DATABASE_URL: backing.databaseUrl,
    REDIS_URL: backing.redisUrl,
    ...backing.s3.env,
    MAIL_TRANSPORT: "smtp",
    SMTP_URL: `smtp://127.0.0.1:${backing.smtp.port}`,
    JWT_SECRET: "cluster-secret-cluster-secret-cluster-secret",
    ADMIN_EMAIL: ADMIN.email,
    ADMIN_PASSWORD: ADMIN.password,
    METRICS_TOKEN,
    BUILD_POLL_SECONDS: "60",
    ...options.env,
  };
  const launch = (slot: number, buildDir: string) => {
    const port = ports[slot];
    if (port === undefined) throw new Error(`the cluster has no instance ${slot + 1}`);
    return startInstance(`store-${slot + 1}`, port, { ...env, BUILD_DIR: buildDir });
  };

  // All at the same moment on the empty database: the migration lock lets one migrate while the others wait.
  const instances = ports.map((_port, slot) => launch(slot, options.buildDir));
  try {
    await Promise.all(instances.map((instance) => instance.ready()));
  } catch (error) {
    await Promise.all(instances.map((instance) => instance.kill()));
    await backing.close();
    throw error;
  }
  const nginxDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-nginx-"));
  const proxy = await startNginx(nginxDir, proxyPort, ports);

  return {
    proxy,
    instances,
    backing,
    buildDir: options.buildDir,
    async restart(slot, restartOptions = {}) {
      const running = instances[slot];
      if (restartOptions.kill) await running?.kill();
      else await running?.stop();
      const restarted = launch(slot, restartOptions.buildDir ?? options.buildDir);
      instances[slot] = restarted;
      await restarted.ready();
    },
    async close() {
      await proxy.close();
      await Promise.all(instances.map((instance) => instance.stop()));
      await backing.close();
      fs.rmSync(nginxDir, { recursive: true, force: true });
    },
  };
}
