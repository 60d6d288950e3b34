import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { parseAttachments, storeAttachments } from "./mail-attachments";
import type { MailComposer } from "./mail-composer";
import type { MailRow, OutgoingMail } from "./mail-types";

/** Mail stored as facts inside a transaction, rendered after the commit by whoever needs it first. */
export interface StoredMailRendering {
  /** A mail stored as facts, rendered now (once: a second render finds it done); the row as it reads afterwards. */
  renderStored(row: MailRow): Promise<MailRow>;
  /** The stored mail `id`, rendered; undefined when there is no such mail. */
  ensureRendered(id: string): Promise<MailRow | undefined>;
}

export function createStoredMailRendering(
  db: Kysely<Database>,
  composer: Pick<MailComposer, "compose">,
): StoredMailRendering {
  const renderStored = async (row: MailRow): Promise<MailRow> => {
    if (row.pending_json === null) return row;
    const message = await composer.compose(JSON.parse(row.pending_json) as OutgoingMail);
    const rendered = {
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      pending_json: null,
      attachments_json: storeAttachments([...parseAttachments(row.attachments_json), ...(message.attachments ?? [])]),
    };
    await db
      .updateTable("mail_messages")
      .set(rendered)
      .where("id", "=", row.id)
      .where("pending_json", "is not", null)
      .execute();
    return { ...row, ...rendered };
  };
  return {
    renderStored,
    async ensureRendered(id) {
      const row = await db.selectFrom("mail_messages").selectAll().where("id", "=", id).executeTakeFirst();
      return row && renderStored(row);
    },
  };
}
