import { randomUUID } from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { Movement } from "./wallet-movements";

/**
 * PostgreSQL: takes `-movement.amount` off the balance when it covers it and appends the ledger row, in one statement
 * (a data-modifying CTE: the row is written only when the conditional UPDATE took the money). One round trip instead
 * of two on every order placed (issue 27). SQLite cannot modify data in a CTE; there it stays two statements.
 */
export async function takeWithEntry(trx: Kysely<Database>, movement: Movement, at: string): Promise<boolean> {
  const taken = -movement.amount;
  const result = await sql<{ id: string }>`
    with taken as (
      update balances set amount = amount - ${taken}, updated_at = ${at}
      where user_id = ${movement.userId} and currency = ${movement.currency} and amount >= ${taken}
      returning user_id
    )
    insert into ledger_entries (id, user_id, currency, kind, amount, reference, created_at)
    select ${randomUUID()}, user_id, ${movement.currency}, ${movement.kind}, ${movement.amount}, ${movement.reference}, ${at} from taken
    returning id`.execute(trx);
  return result.rows.length > 0;
}
