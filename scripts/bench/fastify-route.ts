// The baseline of `POST /api/prices`: a bare Fastify route (JSON body parsed, nothing else) answering the same bytes
// with the same headers the store sends (security headers, CSP, request id, content type; Node adds Date and
// Connection on both sides). Run by scripts/bench/page-cache.ts as its own process:
// `fastify-route.ts BODY_FILE HEADERS_JSON_FILE`.
import fs from "node:fs";
import Fastify from "fastify";

const [file = "", headersFile = ""] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = JSON.parse(fs.readFileSync(headersFile, "utf8")) as Record<string, string>;
const app = Fastify({ logger: false });
app.post("/api/prices", async (_request, reply) => reply.headers(headers).send(body));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${new URL(address).port}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
