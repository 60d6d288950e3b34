// What must hold after every fault scenario, read from the database and the SMTP sink: every acknowledged order
// stored and paid for, every balance equal to its ledger, no mail sent twice, and how many orders were placed that
// no client was told about.
import pg from "pg";
import type { FakeSmtpServer } from "../../server/modules/mail/fake-smtp-server";

export interface Integrity {
  /** Acknowledged (200) orders missing from the database or without their payment in the ledger. */
  lost: number;
  /** Balances that differ from the sum of their ledger, or are negative. */
  wrongBalances: number;
  /** Mails the SMTP sink received more than once (same Message-ID, which is the mail row's id). */
  duplicateMails: number;
  /** Orders of the scenario's customers in the database minus those acknowledged: paid for, nobody told. */
  unanswered: number;
}

export async function checkIntegrity(databaseUrl: string, smtp: FakeSmtpServer, emails: string[], acknowledged: string[]): Promise<Integrity> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const stored = (
      await client.query<{ number: string; paid: boolean }>(
        `select o.number, exists (select 1 from ledger_entries l where l.user_id = o.user_id and l.kind = 'order' and l.reference = o.number) as paid
           from orders o join users u on u.id = o.user_id where u.email = any($1)`,
        [emails],
      )
    ).rows;
    const paid = new Set(stored.filter((row) => row.paid).map((row) => row.number));
    const balances = (
      await client.query<{ amount: number; ledger: number }>(
        `select b.amount, coalesce(sum(l.amount), 0)::bigint::int as ledger
           from balances b left join ledger_entries l on l.user_id = b.user_id and l.currency = b.currency
          group by b.user_id, b.currency, b.amount`,
      )
    ).rows;
    const ids = smtp.received.map((raw) => /^Message-ID: <([\w-]+)@scriptorium>/im.exec(raw)?.[1] ?? raw);
    return {
      lost: acknowledged.filter((number) => !paid.has(number)).length,
      wrongBalances: balances.filter((row) => Number(row.amount) !== Number(row.ledger) || Number(row.amount) < 0).length,
      duplicateMails: ids.length - new Set(ids).size,
      unanswered: stored.length - new Set(acknowledged).size,
    };
  } finally {
    await client.end();
  }
}
