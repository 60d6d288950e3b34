import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

export function createResetCodesRepository(db: Kysely<Database>) {
  return {
    /** Stores the user's code, replacing any earlier one (and its spent tries). */
    async replace(userId: string, codeHash: string, createdAt: string, expiresAt: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .insertInto("password_reset_codes")
        .values({ user_id: userId, code_hash: codeHash, expires_at: expiresAt, attempts: 0, created_at: createdAt })
        .onConflict((oc) => oc.column("user_id").doUpdateSet({ code_hash: codeHash, expires_at: expiresAt, attempts: 0, created_at: createdAt }))
        .execute();
    },

    /**
     * Spends one try of the user's live code and answers its hash, or undefined when there is no code, it has
     * expired or its tries are used up. One conditional update, so parallel guesses cannot exceed `maxTries`.
     */
    async spendTry(userId: string, at: string, maxTries: number, trx: Kysely<Database> = db): Promise<string | undefined> {
      const row = await trx
        .updateTable("password_reset_codes")
        .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
        .where("user_id", "=", userId)
        .where("attempts", "<", maxTries)
        .where("expires_at", ">", at)
        .returning("code_hash")
        .executeTakeFirst();
      return row?.code_hash;
    },

    /** Deletes the code; false when another request used it first. */
    async consume(userId: string, codeHash: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .deleteFrom("password_reset_codes")
        .where("user_id", "=", userId)
        .where("code_hash", "=", codeHash)
        .executeTakeFirst();
      return Number(result.numDeletedRows) === 1;
    },
  };
}

export type ResetCodesRepository = ReturnType<typeof createResetCodesRepository>;
