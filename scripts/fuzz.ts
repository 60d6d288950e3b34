/**
 * `npm run fuzz [-- runs]`: throws at least 10,000 generated bad requests at every route of a fresh store (API
 * routes read from its OpenAPI document, pages from its sitemap when a build exists): bad percent-encodings, odd
 * methods, junk and oversized headers, forged tokens, broken bodies. Prints the count of answers by status and
 * fails when any answer is a 5xx or a 4xx outside the contract's shapes (CONTRACT §3; pages answer HTML).
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { problemSchema } from "../contract/errors";
import { loadConfig } from "../server/config";
import { assembleStore } from "../server/start";
import { rawRequest, type RawAnswer } from "../server/test/raw-http";
import { startTestStore, TEST_DATABASE_URL } from "../server/test/test-store";

const RUNS = Math.max(10_000, Number(process.argv[2] ?? 0) || 0);
const CONCURRENCY = Number(process.env.FUZZ_CONCURRENCY ?? 8);

type OpenApi = { paths: Record<string, Record<string, unknown>> };

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-fuzz-"));
const env = {
  NODE_ENV: "test",
  LOG_LEVEL: "silent",
  DATA_DIR: dataDir,
  DEMO_DATA: "false",
  JWT_SECRET: "fuzz-secret-fuzz-secret-fuzz-secret-0123",
  // Each request comes from its own address, so rate limits do not hide what is behind them.
  TRUST_PROXY: "true",
  BODY_LIMIT_BYTES: "65536",
} as const;
// With TEST_DATABASE_URL the store runs on PostgreSQL in a database of its own (API routes only, no page rendering);
// otherwise on SQLite with the pages of the last build.
const onPostgres = Boolean(TEST_DATABASE_URL);
const withPages = !onPostgres && fs.existsSync(path.join("build", "server"));
const store = onPostgres
  ? await startTestStore(env, { listen: true })
  : await assembleStore(loadConfig(env), withPages ? { buildDir: "build" } : undefined, { logger: false });
let url = "";
if ("url" in store) url = store.url as string;
else {
  // Migrated and seeded, as `npm start` does before it turns ready: until then every answer is the contract's 503.
  await store.prepare();
  await store.app.listen({ port: 0, host: "127.0.0.1" });
  const address = store.app.server.address();
  url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
}

const get = async (pathname: string) => (await fetch(url + pathname)).text();
const apiPaths = Object.keys((JSON.parse(await get("/api/docs/json")) as OpenApi).paths);
const pagePaths = withPages
  ? [...(await get("/sitemap.xml")).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(loc).pathname)
  : ["/", "/es", "/services", "/cart", "/auth/sign-in", "/profile/orders"];

const token = async (email: string) =>
  (await store.app.inject({ method: "POST", url: "/api/Accounts/register", payload: {
    firstName: "Fuzz", lastName: "Er", email, country: "ES", password: "quiet-lantern-harbour-42", repeatedPassword: "quiet-lantern-harbour-42", agreedToPrivacyPolicy: true,
  } })).json<{ accessToken: string }>().accessToken;
const realToken = await token("fuzz@example.com");
const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

const segment = fc.oneof(
  fc.uuid(),
  fc.constantFrom("%ff", "%", "%zz", "%00", "%2e%2e", "..", "%c0%ae", "%e2%80%ae", "a".repeat(300), "%F0%9F%98%80", "%uD800", "%0A", "%09", "%5C"),
  fc.string({ maxLength: 20 }).map(encodeURIComponent),
);
const pathArb = fc
  .tuple(fc.constantFrom(...apiPaths, ...pagePaths), segment, fc.constantFrom("", "?redirect=//evil.example", "?x=%ff", "?a[b]=1&a=2", "?%", `?q=${"z".repeat(3000)}`))
  .map(([route, value, query]) => route.replace(/\{[^}]+\}/g, value) + query);
const forged = fc.constantFrom(
  `${b64({ alg: "none", typ: "at+jwt" })}.${b64({ sub: "x", role: "staff" })}.`,
  `${b64({ alg: "HS256", typ: "at+jwt" })}.${b64({ sub: "x", role: "staff", exp: 9e9 })}.${"A".repeat(43)}`,
  `${realToken.slice(0, -4)}AAAA`,
  realToken,
  "",
  "null",
  "é",
);
const headerArb = fc.record(
  {
    authorization: fc.oneof(forged.map((value) => `Bearer ${value}`), fc.string({ maxLength: 40 }).map((value) => value.replace(/[\r\n]/g, ""))),
    "content-type": fc.constantFrom("application/json", "text/plain", "application/octet-stream", "multipart/form-data; boundary=x", "application/json; charset=latin1", "???"),
    "accept-language": fc.constantFrom("es", "en", "zz", "*", "es-ES,es;q=0.9", ";;;"),
    range: fc.constantFrom("bytes=0-1", "bytes=-5", "bytes=9-1", "bytes=x", "items=0-1"),
    cookie: fc.constantFrom("locale=es", "currency=XXX", "locale=%ff", "=;;"),
    "x-request-id": fc.string({ maxLength: 80 }).map((value) => value.replace(/[^\x20-\x7e]/g, "")),
  },
  { requiredKeys: [] },
);
const bodyArb = fc.oneof(
  fc.constant(""),
  fc.jsonValue({ maxDepth: 3 }).map((value) => JSON.stringify(value)),
  fc.constantFrom("{", '{"email":', "\u0000", '{"__proto__":{"x":1}}', "[".repeat(2000)),
  fc.string({ maxLength: 200 }),
);
/** A few requests Node's own parser refuses: bad header bytes, oversized headers, broken request lines. */
const brokenArb = fc.constantFrom(
  "GET / HTTP/1.1\r\nHost: x\r\nX-Bad: a\u0001b\r\n\r\n",
  `GET /api/prices HTTP/1.1\r\nHost: x\r\nX-Big: ${"b".repeat(20_000)}\r\n\r\n`,
  "GET /<x> HTTP/9.9 junk\r\n\r\n",
  "POST /api/prices HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\nzzzzz",
);
const requestArb = fc.oneof(
  {
    weight: 20,
    arbitrary: fc
      .tuple(fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "HEAD", "OPTIONS"), pathArb, headerArb, bodyArb, fc.nat(2 ** 24))
      .map(([method, target, headers, body, ip]) => {
        const lines = Object.entries({ host: "127.0.0.1", ...headers, "x-forwarded-for": `10.${ip >> 16}.${(ip >> 8) & 255}.${ip & 255}` });
        const length = Buffer.byteLength(body);
        const head = [`${method} ${target} HTTP/1.1`, ...lines.map(([name, value]) => `${name}: ${value}`), `content-length: ${length}`, "connection: close"];
        return Buffer.concat([Buffer.from(`${head.join("\r\n")}\r\n\r\n`, "latin1"), Buffer.from(body)]);
      }),
  },
  { weight: 1, arbitrary: brokenArb.map((raw) => Buffer.from(raw, "latin1")) },
);

/** Why an answer is outside the contract, or null when it is fine. */
function outsideContract(answer: RawAnswer, request: Buffer): string | null {
  if (answer.status === 0) return "no answer";
  if (answer.status >= 500) return `answered ${answer.status}`;
  if (answer.status < 400 || request.subarray(0, 5).toString() === "HEAD ") return null;
  const type = answer.headers["content-type"] ?? "";
  if (type.includes("text/html")) return withPages ? null : "an HTML error without pages";
  if (!type.includes("json")) return `${answer.status} as ${type || "no content type"}`;
  const body = answer.headers["transfer-encoding"] === "chunked" ? answer.body.replace(/^[0-9a-f]+\r\n|\r\n[0-9a-f]+\r\n|\r\n0\r\n\r\n$/gi, "") : answer.body;
  let parsed: ReturnType<typeof problemSchema.safeParse>;
  try {
    parsed = problemSchema.safeParse(JSON.parse(body));
  } catch {
    return `${answer.status} with a body that is not JSON`;
  }
  if (!parsed.success) return `${answer.status} without the contract shape`;
  if (parsed.data.status !== answer.status) return `${answer.status} with status ${parsed.data.status} in the body`;
  if (answer.status === 400 && Object.keys(parsed.data.errors ?? {}).length === 0) return "400 without field errors";
  return null;
}

const noAnswer: RawAnswer = { status: 0, headers: {}, body: "" };
/** One request; a connection refused or reset before any answer (the machine's sockets under load) is retried twice. */
async function send(request: Buffer): Promise<RawAnswer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    const answer = await rawRequest(url, request).catch(() => noAnswer);
    if (answer.status !== 0) return answer;
  }
  return noAnswer;
}

const requests = fc.sample(requestArb, { numRuns: RUNS, seed: Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31) });
const counts = new Map<number, number>();
const failures: string[] = [];
let next = 0;
const started = Date.now();
await Promise.all(
  Array.from({ length: CONCURRENCY }, async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const answer = await send(request);
      counts.set(answer.status, (counts.get(answer.status) ?? 0) + 1);
      const problem = outsideContract(answer, request);
      if (problem && failures.length < 20) failures.push(`${problem}: ${request.toString("latin1").split("\r\n")[0].slice(0, 160)}`);
    }
  }),
);
await ("url" in store ? store.close() : store.app.close());
fs.rmSync(dataDir, { recursive: true, force: true });

// Written synchronously: the report must be out before the process ends.
const report = [
  `fuzz: ${requests.length} requests over ${apiPaths.length} API routes and ${pagePaths.length} pages${onPostgres ? " on PostgreSQL" : ""}${withPages ? "" : " (no page rendering: pages answer the API's 404)"} in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  ...[...counts].sort(([a], [b]) => a - b).map(([status, count]) => `  ${status || "no answer"}: ${count}`),
  `outside the contract: ${failures.length}`,
  ...failures.map((failure) => `  ${failure}`),
];
fs.writeSync(1, `${report.join("\n")}\n`);
process.exit(failures.length > 0 ? 1 : 0);
