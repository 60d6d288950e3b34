// The baseline of the page-cache bench: a bare node:http server answering every request with the same bytes and
// headers the store sends for a cached page. Run by scripts/bench/page-cache.ts as its own process.
import fs from "node:fs";
import http from "node:http";

const [file = "", contentEncoding = ""] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers: Record<string, string | number> = { "content-type": "text/html; charset=utf-8", "content-length": body.length };
if (contentEncoding) headers["content-encoding"] = contentEncoding;

const server = http.createServer((_request, response) => {
  response.writeHead(200, headers);
  response.end(body);
});
server.listen(0, "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`${typeof address === "object" && address ? address.port : 0}\n`);
});
process.on("SIGTERM", () => server.close(() => process.exit(0)));
