import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { freePort } from "./free-port";

/**
 * Debian's nginx (`nginx-light`), which CI installs, or NGINX_BIN; tests, the cluster and the bench that need it say
 * so when it is missing.
 */
export const NGINX = process.env.NGINX_BIN ?? "/usr/sbin/nginx";
export const hasNginx = fs.existsSync(NGINX);

/**
 * Starts nginx in the foreground with its files in `folder` and one `server` whose body is `serverBody` (its
 * `listen` is added), sendfile on. Its workers run as this process's user, as docs/operations.md tells operators to:
 * the store's files are private to that user. Resolves once it answers; null when nginx is missing; throws with
 * nginx's own error log when it does not start.
 */
export async function startNginx(folder: string, serverBody: string): Promise<{ url: string; stop(): void } | null> {
  if (!hasNginx) return null;
  const port = await freePort();
  const conf = path.join(folder, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off; user ${os.userInfo().username}; pid ${folder}/nginx.pid; error_log ${folder}/nginx-error.log; worker_processes 1;
events { worker_connections 256; }
http { access_log off; sendfile on; tcp_nopush on; client_body_temp_path ${folder}; proxy_temp_path ${folder};
  fastcgi_temp_path ${folder}; uwsgi_temp_path ${folder}; scgi_temp_path ${folder};
  server { listen 127.0.0.1:${port}; ${serverBody} } }\n`,
  );
  const child = spawn(NGINX, ["-c", conf, "-p", folder], { stdio: "ignore" });
  // A loaded machine (the whole suite runs two files at a time) can take seconds to start it.
  const deadline = Date.now() + 20_000;
  while (child.exitCode === null && Date.now() < deadline) {
    const answers = await fetch(`http://127.0.0.1:${port}/`).then(
      () => true,
      () => false,
    );
    if (answers) return { url: `http://127.0.0.1:${port}`, stop: () => child.kill("SIGTERM") };
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill("SIGTERM");
  const log = fs.existsSync(path.join(folder, "nginx-error.log")) ? fs.readFileSync(path.join(folder, "nginx-error.log"), "utf8") : "";
  throw new Error(`nginx did not start (exit code ${child.exitCode}):\n${log}`);
}
