import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../platform/clock";
import { createJobRunner, type JobRunner } from "../../platform/jobs/job-runner";
import { startTestStore, type TestStore } from "../../test/test-store";
import { closedPort, startFakeSmtpServer, type FakeSmtpServer } from "./fake-smtp-server";
import { createMailService, type MailService } from "./mail.service";

let store: TestStore;
/** The store's clock: mail is dated by it, so the test moves time instead of sleeping. */
const storeClock = manualClock();
beforeAll(async () => {
  store = await startTestStore({}, { clock: storeClock });
});
afterAll(() => store.close());

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const RETRY_MS = 30_000;

/** A mail service on SMTP with its own job runner on a hand-moved clock: mail goes out when the test runs due jobs. */
function smtpMail(port: number, options: { maxAttempts?: number } = {}) {
  const clock = manualClock();
  const jobs: JobRunner = createJobRunner(store.db.kysely, store.db.dialect, { clock, retryBaseMs: RETRY_MS, logError: () => undefined });
  const mail: MailService = createMailService(
    store.db.kysely,
    { transport: "smtp", smtpUrl: `smtp://127.0.0.1:${port}`, from: "Scriptorium <no-reply@scriptorium.test>", ...options },
    jobs,
  );
  cleanups.push(async () => {
    mail.stop();
    await store.db.kysely.deleteFrom("jobs").execute();
  });
  return { mail, jobs, clock };
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
    storeClock.advance(1_000);
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

  it("shows each mail's HTML part in a sandboxed frame of its own", async () => {
    await store.services.mail.send({ to: "html@example.com", locale: "en", template: "welcome", data: { firstName: "Hana" } });
    const [sent] = await store.services.mail.list({ to: "html@example.com" });
    const page = await store.call("/dev/mailbox?to=html@example.com");
    expect(page.body).toContain(`<iframe src="/dev/mailbox/${sent!.id}/html" sandbox=`);
    const html = await store.call(`/dev/mailbox/${sent!.id}/html`);
    expect(html.status).toBe(200);
    expect(html.headers.get("content-type")).toContain("text/html");
    expect(html.headers.get("content-security-policy")).toMatch(/default-src 'none'.*sandbox/);
    expect(html.body).toContain("Hello Hana,");
    expect((await store.call("/dev/mailbox/no-such-mail/html")).status).toBe(404);
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

describe("SMTP transport on the job runner", () => {
  it("delivers queued mail to the SMTP server", async () => {
    const smtp = await fakeSmtp({});
    const { mail, jobs } = smtpMail(smtp.port);
    await mail.send({ to: "fay@example.com", subject: "Your order", text: "It is paid." });
    expect(await stored("fay@example.com")).toMatchObject({ status: "queued", attempts: 0 });
    expect(await jobs.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("Subject: Your order");
    expect(smtp.received[0]).toContain("It is paid.");
    expect(await stored("fay@example.com")).toMatchObject({ status: "sent", attempts: 1 });
    // The stored row's id travels as the Message-ID, so a mail sent twice can be told from two mails.
    expect(smtp.received[0]).toContain(`Message-ID: <${(await stored("fay@example.com")).id}@scriptorium>`);
  });

  it("sends the stored attachments with the mail", async () => {
    const smtp = await fakeSmtp({});
    const { mail, jobs } = smtpMail(smtp.port);
    const content = Buffer.from("%PDF-1.3 invoice bytes");
    await mail.send({ to: "paperwork@example.com", subject: "Invoice", text: "Attached.", attachments: [{ fileName: "invoice-INV-2026-000001.pdf", contentType: "application/pdf", content }] });
    const [listed] = await mail.list({ to: "paperwork@example.com" });
    expect(listed!.attachments).toEqual([{ fileName: "invoice-INV-2026-000001.pdf", contentType: "application/pdf", size: content.length }]);
    expect(await jobs.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toMatch(/Content-Type: application\/pdf;\s*name=invoice-INV-2026-000001\.pdf/);
    expect(smtp.received[0]).toContain(content.toString("base64"));
    expect(await stored("paperwork@example.com")).toMatchObject({ status: "sent", attempts: 1 });
  });

  it("keeps mail while the SMTP server is down and delivers it once it is back, after the backoff", async () => {
    const port = await closedPort();
    const { mail, jobs, clock } = smtpMail(port);
    await mail.send({ to: "gus@example.com", subject: "Reset code", text: "123456" });
    await jobs.runDue();
    const failed = await stored("gus@example.com");
    expect(failed).toMatchObject({ status: "queued", attempts: 1 });
    expect(failed.last_error).toMatch(/ECONNREFUSED|connect/i);

    const smtp = await fakeSmtp({ port });
    clock.advance(RETRY_MS - 1);
    expect(await jobs.runDue()).toBe(0);
    clock.advance(1);
    expect(await jobs.runDue()).toBe(1);
    expect(smtp.received).toHaveLength(1);
    expect(smtp.received[0]).toContain("Subject: Reset code");
    expect(await stored("gus@example.com")).toMatchObject({ status: "sent", attempts: 2 });
  });

  it("retries a temporary refusal from the SMTP server", async () => {
    const smtp = await fakeSmtp({ refuseFirst: 1 });
    const { mail, jobs, clock } = smtpMail(smtp.port);
    await mail.send({ to: "hal@example.com", subject: "Welcome", text: "Hello" });
    await jobs.runDue();
    clock.advance(RETRY_MS);
    await jobs.runDue();
    expect(await stored("hal@example.com")).toMatchObject({ status: "sent", attempts: 2 });
    expect(smtp.received).toHaveLength(1);
  });
});

describe("SMTP transport: a shared queue, the last try and secrets", () => {
  it("sends each mail once when two instances share the queue", async () => {
    const smtp = await fakeSmtp({});
    const first = smtpMail(smtp.port);
    const second = smtpMail(smtp.port);
    for (let i = 0; i < 10; i++) await first.mail.send({ to: `twin${i}@example.com`, subject: `Twin ${i}`, text: "once" });
    const [a, b] = await Promise.all([first.jobs.runDue(), second.jobs.runDue()]);
    expect(a + b).toBe(10);
    expect(smtp.received).toHaveLength(10);
    expect(await Promise.all([first.jobs.runDue(), second.jobs.runDue()])).toEqual([0, 0]);
    expect(smtp.received).toHaveLength(10);
  });

  it("gives up as failed after the last try", async () => {
    const { mail, jobs, clock } = smtpMail(await closedPort(), { maxAttempts: 2 });
    await mail.send({ to: "ida@example.com", subject: "Lost", text: "never" });
    await jobs.runDue();
    clock.advance(RETRY_MS);
    await jobs.runDue();
    expect(await stored("ida@example.com")).toMatchObject({ status: "failed", attempts: 2 });
    clock.advance(RETRY_MS * 100);
    expect(await jobs.runDue()).toBe(0);
  });

  it("delivers a mail's secret, then keeps only a redacted copy of it", async () => {
    const smtp = await fakeSmtp({});
    const { mail, jobs } = smtpMail(smtp.port);
    await mail.send({
      to: "jo@example.com",
      subject: "Your code 8142 inside",
      text: "Your code is 83920571 — type 83920571.",
      html: "<p>83920571</p>",
      secrets: ["83920571", "8142"],
    });
    expect(await jobs.runDue()).toBe(1);
    expect(smtp.received[0]).toContain("83920571");
    const row = await stored("jo@example.com");
    expect(row).toMatchObject({
      subject: "Your code [redacted] inside",
      text_body: "Your code is [redacted] — type [redacted].",
      html_body: "<p>[redacted]</p>",
      secrets: null,
    });
  });

  it("sends a template's HTML and text parts, and redacts the secret from both once delivered", async () => {
    const smtp = await fakeSmtp({});
    const { mail, jobs } = smtpMail(smtp.port);
    await mail.send({ to: "kim@example.com", locale: "es", template: "resetCode", data: { firstName: "Kim", email: "kim@example.com", code: "5550001234", minutes: 10 }, secrets: ["5550001234"] });
    expect(await jobs.runDue()).toBe(1);
    expect(smtp.received[0]).toMatch(/multipart\/alternative/i);
    expect(smtp.received[0]).toMatch(/text\/html/i);
    expect(smtp.received[0]).toContain("5550001234");
    const row = await stored("kim@example.com");
    expect(row.subject).toBe("Tu código para restablecer la contraseña de Scriptorium");
    expect(row.html_body).toContain('lang="es"');
    for (const part of [row.text_body, row.html_body!]) {
      expect(part).not.toContain("5550001234");
      expect(part).toContain("[redacted]");
    }
  });
});

describe("purgeSentMail", () => {
  it("deletes mail older than the cut-off that is no longer waiting to be sent, and nothing else", async () => {
    const old = "2020-01-01T00:00:00.000Z";
    const row = (id: string, status: "outbox" | "queued" | "sent" | "failed", createdAt: string) => ({
      id,
      to_address: "purge@example.com",
      subject: id,
      text_body: "x",
      html_body: null,
      status,
      attempts: 0,
      last_error: null,
      created_at: createdAt,
      sent_at: null,
      secrets: null,
    });
    await store.db.kysely
      .insertInto("mail_messages")
      .values([
        row("old-sent", "sent", old),
        row("old-failed", "failed", old),
        row("old-outbox", "outbox", old),
        row("old-queued", "queued", old),
        row("new-sent", "sent", "2020-03-01T00:00:00.000Z"),
      ])
      .execute();
    expect(await store.services.mail.purgeSentMail("2020-02-01T00:00:00.000Z")).toBe(3);
    const left = await store.db.kysely.selectFrom("mail_messages").select("id").where("to_address", "=", "purge@example.com").orderBy("id").execute();
    expect(left.map((mail) => mail.id)).toEqual(["new-sent", "old-queued"]);
  });
});
