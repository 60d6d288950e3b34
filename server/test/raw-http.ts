import net from "node:net";

export interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Sends bytes as they are to a server (no client library fixing them up first) and reads the one answer: how a
 * test reaches Node's own parser with a broken request line, bad header characters or oversized headers.
 */
export function rawRequest(url: string, request: string | Buffer): Promise<RawAnswer> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname);
    const chunks: Buffer[] = [];
    socket.on("data", (chunk) => chunks.push(chunk));
    // A server may answer early and close while the request is still being written: keep what it answered.
    socket.on("error", (error) => (chunks.length > 0 ? socket.destroy() : reject(error)));
    socket.on("close", () => {
      const text = Buffer.concat(chunks).toString("utf8");
      const split = text.indexOf("\r\n\r\n");
      const [statusLine = "", ...headerLines] = text.slice(0, split < 0 ? text.length : split).split("\r\n");
      const headers = Object.fromEntries(
        headerLines.map((line) => [line.slice(0, line.indexOf(":")).toLowerCase(), line.slice(line.indexOf(":") + 1).trim()]),
      );
      resolve({ status: Number(statusLine.split(" ")[1] ?? 0), headers, body: split < 0 ? "" : text.slice(split + 4) });
    });
    // No half-close: a server that sees the client's end first may drop its answer. The server closes after
    // answering (a parse error, or `Connection: close`); a request that leaves the connection open ends after 5 s.
    socket.write(request);
    socket.setTimeout(5000, () => socket.end());
  });
}
