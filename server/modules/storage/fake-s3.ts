import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "@20minutes/s3rver";

export interface FakeS3 {
  /** The S3 settings of the store that uses it, as environment variables. */
  env: { STORAGE: "s3"; S3_BUCKET: string; S3_REGION: string; S3_ENDPOINT: string; S3_ACCESS_KEY_ID: string; S3_SECRET_ACCESS_KEY: string };
  /** Stops answering (the port is closed) but keeps the files: an outage for tests. */
  stop(): Promise<void>;
  /** Answers again on the same port with the same files. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

/** An in-process fake S3 server (s3rver) on a free loopback port, with one empty bucket, its files in a temp folder. */
export async function startFakeS3(bucket = "results"): Promise<FakeS3> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "scriptorium-s3-"));
  const serve = (port: number) => new S3rver({ address: "127.0.0.1", port, silent: true, directory, configureBuckets: [{ name: bucket }] });
  let server: S3rver | null = serve(0);
  const { port } = await server.run();
  return {
    // s3rver's built-in account.
    env: {
      STORAGE: "s3",
      S3_BUCKET: bucket,
      S3_REGION: "us-east-1",
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_ACCESS_KEY_ID: "S3RVER",
      S3_SECRET_ACCESS_KEY: "S3RVER",
    },
    async stop() {
      // An outage cuts the connections too: close() alone waits for the store's keep-alive connections to end.
      const closing = server?.close();
      (server as unknown as { httpServer?: { closeAllConnections(): void } } | null)?.httpServer?.closeAllConnections();
      await closing;
      server = null;
    },
    async restart() {
      if (server) return;
      server = serve(port);
      await server.run();
    },
    async close() {
      await server?.close();
      server = null;
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
