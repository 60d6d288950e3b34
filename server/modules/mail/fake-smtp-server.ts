import net from "node:net";

export interface FakeSmtpServer {
  port: number;
  /** Raw DATA of every accepted mail (headers and body). */
  received: string[];
  close(): Promise<void>;
}

/**
 * Just enough SMTP for tests: greets, accepts EHLO/MAIL/RCPT/DATA/QUIT and keeps what was sent.
 * `refuseFirst` answers that many MAIL commands with a temporary failure (451) before accepting.
 */
export async function startFakeSmtpServer(options: { port?: number; refuseFirst?: number } = {}): Promise<FakeSmtpServer> {
  const received: string[] = [];
  const sockets = new Set<net.Socket>();
  let refusals = options.refuseFirst ?? 0;

  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    // A sender that dies mid-conversation (the cluster test kills one) resets its socket: nothing to report.
    socket.on("error", () => socket.destroy());
    socket.setEncoding("utf8");
    let buffer = "";
    let data: string[] | null = null;
    socket.write("220 fake.test ESMTP\r\n");
    socket.on("data", (chunk: string) => {
      buffer += chunk;
      for (let end = buffer.indexOf("\r\n"); end >= 0; end = buffer.indexOf("\r\n")) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data) {
          if (line === ".") {
            received.push(data.join("\n"));
            data = null;
            socket.write("250 2.0.0 queued\r\n");
          } else data.push(line.startsWith("..") ? line.slice(1) : line);
          continue;
        }
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === "EHLO") socket.write("250-fake.test\r\n250 8BITMIME\r\n");
        else if (verb === "MAIL" && refusals > 0) {
          refusals--;
          socket.write("451 4.3.0 try again later\r\n");
        } else if (verb === "DATA") {
          data = [];
          socket.write("354 end with <CRLF>.<CRLF>\r\n");
        } else if (verb === "QUIT") socket.end("221 2.0.0 bye\r\n");
        else socket.write("250 2.0.0 ok\r\n");
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", resolve);
  });
  return {
    port: (server.address() as net.AddressInfo).port,
    received,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/** A port nothing listens on (for a moment): an SMTP server that is down. */
export async function closedPort(): Promise<number> {
  const probe = await startFakeSmtpServer();
  await probe.close();
  return probe.port;
}
