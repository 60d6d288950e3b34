// The baseline of the page-cache bench: a bare node:http server answering every request with the same bytes and
// headers the store sends for a cached page (security headers, CSP, vary, request id…; Node adds Date and
// Connection on both sides). Run by scripts/bench/page-cache.ts as its own process:
// `page-cache-static.ts BODY_FILE HEADERS_JSON_FILE`.
import fs from "node:fs";
import http from "node:http";

const [file = "", headersFile = ""] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers: Record<string, string | number> = { ...JSON.parse(fs.readFileSync(headersFile, "utf8")), "content-length": body.length };

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
