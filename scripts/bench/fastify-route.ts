// The baseline of `POST /api/prices`: a bare Fastify route (JSON body parsed, nothing else) answering the same
// bytes with the same content type the store sends. Run by scripts/bench/page-cache.ts as its own process.
import fs from "node:fs";
import Fastify from "fastify";

const [file = ""] = process.argv.slice(2);
const body = fs.readFileSync(file);
const app = Fastify({ logger: false });
app.post("/api/prices", async (_request, reply) => reply.type("application/json; charset=utf-8").send(body));
const address = await app.listen({ port: 0, host: "127.0.0.1" });
process.stdout.write(`${new URL(address).port}\n`);
process.on("SIGTERM", () => void app.close().then(() => process.exit(0)));
