import { describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { tryOutStartLine } from "./start-line";

describe("the try-out store's start line", () => {
  it("names the address it listens on and that only this machine reaches it", () => {
    const line = tryOutStartLine(loadConfig({ NODE_ENV: "production", TRY_OUT: "true" }));
    expect(line).toContain("listening on 127.0.0.1:3000, this machine only (set HOST=0.0.0.0 to open it to the network)");
    expect(line).toContain("the demo customer exists, mail is readable at /dev/mailbox, payments run on the sandbox");
  });

  it("warns what anyone who reaches it can do when HOST opens it to the network", () => {
    const line = tryOutStartLine(loadConfig({ NODE_ENV: "production", TRY_OUT: "true", HOST: "0.0.0.0", PORT: "8080" }));
    expect(line).toContain("listening on 0.0.0.0:8080, open to the network (HOST): anyone who reaches it can sign in as the demo customer and read /dev/mailbox");
    expect(tryOutStartLine(loadConfig({ HOST: "::", DEMO_DATA: "false" }))).toContain("listening on [::]:3000, open to the network (HOST): anyone who reaches it can read /dev/mailbox");
  });
});
