import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { startTestStore, type TestStore } from "../../test/test-store";
import { closedPort, startFakeSmtpServer, type FakeSmtpServer } from "./fake-smtp-server";
import { createMailService, type MailService } from "./mail.service";

let store: TestStore;
beforeAll(async () => {
  store = await startTestStore();
});
afterAll(() => store.close());

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

function smtpMail(port: number, options: { maxAttempts?: number } = {}): MailService {
  const mail = createMailService(store.db.kysely, {
    transport: "smtp",
    smtpUrl: `smtp://127.0.0.1:${port}`,
    from: "Scriptorium <no-reply@scriptorium.test>",
    retryBaseMs: 100,
    pollMs: 50,
    ...options,
  });
  mail.start();
  cleanups.push(() => mail.stop());
  return mail;
}

async function fakeSmtp(options: Parameters<typeof startFakeSmtpServer>[0]): Promise<FakeSmtpServer> {
  const server = await startFakeSmtpServer(options);
  cleanups.push(() => server.close());
  return server;
}

const stored = (to: string) =>
  store.db.kysely.selectFrom("mail_messages").selectAll().where("to_address", "=", to).executeTakeFirstOrThrow();

describe("outbox transport and the development mailbox", () => {
  it("keeps mail and lists it newest first as JSON, narrowed to one recipient", async () => {
    await store.services.mail.send({ to: "eve@example.com", subject: "First", text: "one" });
    await new Promise((resolve) => setTimeout(resolve, 5));
    await store.services.mail.send({ to: "eve@example.com", subject: "Second", text: "two" });
    await store.services.mail.send({ to: "someone@example.com", subject: "Other", text: "three" });

    const answer = await store.call("/dev/mailbox.json?to=eve@example.com");
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual([
      { id: expect.any(String), to: "eve@example.com", subject: "Second", text: "two", createdAt: expect.any(String), attachments: [] },
      { id: expect.any(String), to: "eve@example.com", subject: "First", text: "one", createdAt: expect.any(String), attachments: [] },
    ]);
    expect((await stored("someone@example.com")).status).toBe("outbox");
  });

  it("shows every mail on a plain page with its content escaped", async () => {
    await store.services.mail.send({ to: "page@example.com", subject: "Hello <b>there</b>", text: "Body & more" });
    const page = await store.call("/dev/mailbox");
    expect(page.status).toBe(200);
    expect(page.headers.get("content-type")).toContain("text/html");
    expect(page.body).toContain("Hello &lt;b&gt;there&lt;/b&gt;");
    expect(page.body).toContain("page@example.com");
    expect(page.body).toContain("Body &amp; more");
  });

  it("does not exist in production", async () => {
    const production = await startTestStore({ NODE_ENV: "production", PAYMENT_PROVIDER: "sandbox" });
    try {
      expect((await production.call("/dev/mailbox")).status).toBe(404);
      expect((await production.call("/dev/mailbox.json")).status).toBe(404);
    } finally {
      await production.close();
    }
  });
});

describe("SMTP transport", () => {
  it("delivers queued mail to the SMTP server", async () => {
    const smtp = await fakeSmtp({});
    const mail = smtpMail(smtp.port);
    await mail.send({ to: "fay@example.com", subject: "Your order", text: "It is paid." });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(smtp.received[0]).toContain("Subject: Your order");
    expect(smtp.received[0]).toContain("It is paid.");
    await vi.waitFor(async () => expect(await stored("fay@example.com")).toMatchObject({ status: "sent", attempts: 1 }));
  });

  it("sends the stored attachments with the mail", async () => {
    const smtp = await fakeSmtp({});
    const mail = smtpMail(smtp.port);
    const content = Buffer.from("%PDF-1.3 invoice bytes");
    await mail.send({ to: "paperwork@example.com", subject: "Invoice", text: "Attached.", attachments: [{ fileName: "invoice-INV-2026-000001.pdf", contentType: "application/pdf", content }] });
    const [listed] = await mail.list({ to: "paperwork@example.com" });
    expect(listed!.attachments).toEqual([{ fileName: "invoice-INV-2026-000001.pdf", contentType: "application/pdf", size: content.length }]);
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(smtp.received[0]).toMatch(/Content-Type: application\/pdf;\s*name=invoice-INV-2026-000001\.pdf/);
    expect(smtp.received[0]).toContain(content.toString("base64"));
    await vi.waitFor(async () => expect(await stored("paperwork@example.com")).toMatchObject({ status: "sent", attempts: 1 }));
  });

  it("keeps mail while the SMTP server is down and delivers it once it is back", async () => {
    const port = await closedPort();
    const mail = smtpMail(port);
    await mail.send({ to: "gus@example.com", subject: "Reset code", text: "123456" });
    await vi.waitFor(async () => expect((await stored("gus@example.com")).attempts).toBeGreaterThanOrEqual(1), { timeout: 5000 });
    const failed = await stored("gus@example.com");
    expect(failed.status).toBe("queued");
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);
    expect(failed.next_attempt_at! > failed.created_at).toBe(true);

    const smtp = await fakeSmtp({ port });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(1), { timeout: 5000, interval: 20 });
    expect(smtp.received[0]).toContain("Subject: Reset code");
    await vi.waitFor(async () => expect((await stored("gus@example.com")).status).toBe("sent"));
  });

  it("retries a temporary refusal from the SMTP server", async () => {
    const smtp = await fakeSmtp({ refuseFirst: 1 });
    const mail = smtpMail(smtp.port);
    await mail.send({ to: "hal@example.com", subject: "Welcome", text: "Hello" });
    await vi.waitFor(async () => expect(await stored("hal@example.com")).toMatchObject({ status: "sent", attempts: 2 }), {
      timeout: 5000,
    });
    expect(smtp.received).toHaveLength(1);
  });

  it("sends each mail once when two instances share the queue", async () => {
    const smtp = await fakeSmtp({});
    const first = smtpMail(smtp.port);
    smtpMail(smtp.port);
    for (let i = 0; i < 10; i++) await first.send({ to: `twin${i}@example.com`, subject: `Twin ${i}`, text: "once" });
    await vi.waitFor(() => expect(smtp.received).toHaveLength(10), { timeout: 5000, interval: 20 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.received).toHaveLength(10);
  });

  it("gives up as failed after the last try", async () => {
    const mail = smtpMail(await closedPort(), { maxAttempts: 2 });
    await mail.send({ to: "ida@example.com", subject: "Lost", text: "never" });
    await vi.waitFor(async () => expect(await stored("ida@example.com")).toMatchObject({ status: "failed", attempts: 2 }), {
      timeout: 5000,
    });
    expect((await stored("ida@example.com")).next_attempt_at).toBeNull();
  });
});
