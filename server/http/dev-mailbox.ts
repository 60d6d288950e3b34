import type { FastifyInstance } from "fastify";
import { z } from "zod";
import type { MailService, StoredMail } from "../modules/mail/mail.service";

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char] ?? char);

function mailboxPage(mails: StoredMail[], styleNonce: string): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p><b>To:</b> ${escapeHtml(mail.to)} · <b>Status:</b> ${escapeHtml(mail.status)} · <time>${escapeHtml(mail.createdAt)}</time></p>
${mail.html ? `<iframe src="/dev/mailbox/${encodeURIComponent(mail.id)}/html" sandbox="allow-popups allow-popups-to-escape-sandbox" title="HTML: ${escapeHtml(mail.subject)}"></iframe>
<details><summary>Text part</summary><pre>${escapeHtml(mail.text)}</pre></details>` : `<pre>${escapeHtml(mail.text)}</pre>`}${mail.attachments.map((file) => `<p><b>Attached:</b> ${escapeHtml(file.fileName)} (${file.size} bytes)</p>`).join("")}
</article>`,
    )
    .join("\n");
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Mailbox · Scriptorium (development)</title>
<style nonce="${styleNonce}">body{font:15px/1.5 system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem}
article{border-top:1px solid #ccc;padding:.5rem 0}pre{white-space:pre-wrap;background:#f4f4f4;padding:.75rem}
iframe{width:100%;height:32rem;border:1px solid #ccc}</style></head>
<body><h1>Mailbox</h1><p>Mail stored by the store, newest first (${mails.length}).</p>
${items || "<p>No mail yet.</p>"}
</body></html>`;
}

const mailboxQuery = z.object({ to: z.string().trim().optional() });
const mailParams = z.object({ id: z.string().max(64) });

/**
 * A stored mail's HTML part on its own, for the mailbox's frames: no script, inline styles only (as mail clients
 * render them), sandboxed even when opened directly, framed by the mailbox only.
 */
const MAIL_HTML_CSP = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-ancestors 'self'; sandbox allow-popups allow-popups-to-escape-sandbox";

/**
 * Outside production: every stored mail, newest first, as a page (`/dev/mailbox`, each HTML part in a sandboxed frame
 * from `/dev/mailbox/<id>/html`) and as JSON (`/dev/mailbox.json?to=<address>`) for tests and browser journeys.
 * Never registered in production.
 */
export function registerDevMailbox(app: FastifyInstance, mail: MailService): void {
  app.get("/dev/mailbox.json", { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const { to } = request.query as z.infer<typeof mailboxQuery>;
    const mails = await mail.list({ to: to || undefined });
    return reply
      .header("cache-control", "no-store")
      .send(mails.map(({ id, to, subject, text, createdAt, attachments }) => ({ id, to, subject, text, createdAt, attachments })));
  });
  app.get("/dev/mailbox/:id/html", { schema: { hide: true, params: mailParams } }, async (request, reply) => {
    const html = await mail.html((request.params as z.infer<typeof mailParams>).id);
    if (html === undefined) return reply.code(404).type("text/plain; charset=utf-8").send("No such mail");
    return reply.header("cache-control", "no-store").header("content-security-policy", MAIL_HTML_CSP).type("text/html; charset=utf-8").send(html);
  });
  app.get("/dev/mailbox", { schema: { hide: true, querystring: mailboxQuery } }, async (request, reply) => {
    const { to } = request.query as z.infer<typeof mailboxQuery>;
    const mails = await mail.list({ to: to || undefined });
    return reply
      .header("cache-control", "no-store")
      .type("text/html; charset=utf-8")
      .send(mailboxPage(mails, reply.cspNonce()));
  });
}
