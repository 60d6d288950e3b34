// nginx from Debian's packages in front of the instances: round-robin, its files in a temp folder (-p prefix),
// no root paths. Open-source nginx has no active health checks: a refused connection, a timeout or a 502/503/504
// sends the request to the next instance. A POST an instance has already received is sent again only when it names
// an Idempotency-Key on the endpoint that honours one (docs/decisions/0010 and 0052); deploy/nginx.conf holds the same
// rules (PROXY_RULES below, checked by nginx.test.ts).
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { NGINX } from "../../server/test/nginx";

export interface NginxProxy {
  url: string;
  /** Points the proxy at these instance ports (a graceful reload: requests in flight finish on the old workers). */
  route(ports: number[]): Promise<void>;
  /** The last lines of nginx's error log (warnings and worse): what a failed fault row prints beside the instances'. */
  errorLog(lines?: number): string;
  close(): Promise<void>;
}

/** `http` level: which requests may be sent again to another instance after one has received them. */
export const RETRY_MAP = `  # An order POST that names an Idempotency-Key may be sent again to another instance after one received it: the
  # store answers a repeated key with the first order (docs/decisions/0010). Any other POST goes to another instance
  # only when none received it (a refused connection); GET, HEAD, PUT and DELETE always may.
  map "$request_method $uri $http_idempotency_key" $retry_posted {
    "~*^POST /api/orders/? ." 1;
    default 0;
  }`;

/** `server` level: the proxy settings every location inherits, and the two ways a request is passed on. */
export const PROXY_RULES = `    proxy_set_header Host $http_host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    proxy_set_header X-Forwarded-Proto $scheme;
    proxy_set_header X-Request-Id $request_id;
    # When nginx received the request: an order older than ORDER_DEADLINE_MS is refused 503 rather than committed.
    proxy_set_header X-Request-Start "t=\${msec}";
    proxy_connect_timeout 1s;
    proxy_read_timeout 30s;
    proxy_next_upstream_tries 3;
    proxy_buffering off;
    # Prometheus scrapes each instance directly; the public side never shows /metrics.
    location = /metrics { return 404; }
    location / {
      error_page 418 = @retry_posted;
      if ($retry_posted) { return 418; }
      proxy_pass http://store;
      proxy_next_upstream error timeout http_502 http_503 http_504;
    }
    location @retry_posted {
      proxy_pass http://store;
      proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
    }`;

export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const temp = (name: string) => path.join(dir, "temp", name);
  return `worker_processes 1;
pid ${path.join(dir, "nginx.pid")};
error_log ${path.join(dir, "error.log")} warn;
events { worker_connections 4096; }
http {
  access_log off;
  client_body_temp_path ${temp("body")};
  proxy_temp_path ${temp("proxy")};
  fastcgi_temp_path ${temp("fastcgi")};
  uwsgi_temp_path ${temp("uwsgi")};
  scgi_temp_path ${temp("scgi")};
${RETRY_MAP}
  # max_fails=0: an instance that answers 503 while it drains or sheds load is skipped for that request
  # (next_upstream) but never marked down, so nginx cannot be left with "no live upstreams" for a whole fail_timeout.
  upstream store {
${upstreams.map((upstream) => `    server 127.0.0.1:${upstream} max_fails=0;`).join("\n")}
  }
  server {
    listen 127.0.0.1:${port};
    client_max_body_size 100m;
    add_header X-Upstream $upstream_addr always;
${PROXY_RULES}
  }
}
`;
}

export async function startNginx(dir: string, port: number, upstreams: number[]): Promise<NginxProxy> {
  // Run as root, nginx's workers are `nobody`: they must reach the temp folders (a request body over 16 KB, a staff
  // upload, is written there; a mkdtemp folder is 0700, which answered such a body 500).
  fs.chmodSync(dir, 0o755);
  for (const name of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) {
    fs.mkdirSync(path.join(dir, "temp", name), { recursive: true });
    fs.chmodSync(path.join(dir, "temp", name), 0o777);
  }
  fs.chmodSync(path.join(dir, "temp"), 0o755);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child: ChildProcess = spawn(NGINX, ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log"), "-g", "daemon off;"], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx exited with ${child.exitCode}: ${fs.readFileSync(path.join(dir, "error.log"), "utf8")}`);
    try {
      await fetch(`${url}/healthz`);
      break;
    } catch {
      if (Date.now() > deadline) throw new Error("nginx did not listen in 10 s");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
  const errorLog = path.join(dir, "error.log");
  return {
    url,
    errorLog: (lines = 30) => (fs.existsSync(errorLog) ? fs.readFileSync(errorLog, "utf8").trimEnd().split("\n").slice(-lines).join("\n") : ""),
    async route(ports) {
      fs.writeFileSync(conf, nginxConfig(dir, port, ports));
      child.kill("SIGHUP");
      // The new workers take over within a moment; the old ones finish what they hold.
      await new Promise((resolve) => setTimeout(resolve, 300));
    },
    async close() {
      if (child.exitCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    },
  };
}
