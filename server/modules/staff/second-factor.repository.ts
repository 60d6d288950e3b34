import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/** The second factor: the TOTP secret (pending, then confirmed), its last step used, the recovery codes. */
export interface SecondFactorRepository {
  setPendingSecret(userId: string, secret: string, at: string, trx?: Kysely<Database>): Promise<void>;
  /** The pending secret becomes the secret, with `step` as the last step used; false when it was not pending any more. */
  confirmSecret(userId: string, secret: string, step: number, at: string, trx?: Kysely<Database>): Promise<boolean>;
  /** Takes the time step for this user; false when a code of this step (or a later one) was already accepted. */
  claimStep(userId: string, step: number, at: string, trx?: Kysely<Database>): Promise<boolean>;
  replaceRecoveryCodes(userId: string, hashes: string[], at: string, trx?: Kysely<Database>): Promise<void>;
  /** Spends the code; false when it is unknown or already used. */
  useRecoveryCode(userId: string, hash: string, at: string, trx?: Kysely<Database>): Promise<boolean>;
}

export function createSecondFactorRepository(db: Kysely<Database>): SecondFactorRepository {
  return {
    async setPendingSecret(userId: string, secret: string, at: string, trx: Kysely<Database> = db): Promise<void> {
      await trx
        .updateTable("staff_accounts")
        .set({ totp_pending_secret: secret, updated_at: at })
        .where("user_id", "=", userId)
        .execute();
    },

    async confirmSecret(
      userId: string,
      secret: string,
      step: number,
      at: string,
      trx: Kysely<Database> = db,
    ): Promise<boolean> {
      const result = await trx
        .updateTable("staff_accounts")
        .set({
          totp_secret: secret,
          totp_pending_secret: null,
          totp_enrolled_at: at,
          totp_last_step: step,
          updated_at: at,
        })
        .where("user_id", "=", userId)
        .where("totp_pending_secret", "=", secret)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async claimStep(userId: string, step: number, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_accounts")
        .set({ totp_last_step: step, updated_at: at })
        .where("user_id", "=", userId)
        .where((eb) => eb.or([eb("totp_last_step", "is", null), eb("totp_last_step", "<", step)]))
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    async replaceRecoveryCodes(
      userId: string,
      hashes: string[],
      at: string,
      trx: Kysely<Database> = db,
    ): Promise<void> {
      await trx.deleteFrom("staff_recovery_codes").where("user_id", "=", userId).execute();
      await trx
        .insertInto("staff_recovery_codes")
        .values(hashes.map((code_hash) => ({ user_id: userId, code_hash, created_at: at, used_at: null })))
        .execute();
    },

    async useRecoveryCode(userId: string, hash: string, at: string, trx: Kysely<Database> = db): Promise<boolean> {
      const result = await trx
        .updateTable("staff_recovery_codes")
        .set({ used_at: at })
        .where("user_id", "=", userId)
        .where("code_hash", "=", hash)
        .where("used_at", "is", null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },
  };
}
