import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import { createRefreshTokensRepository, type RefreshTokensRepository } from "./refresh-tokens.repository";
import { createSessionEndsRepository, type SessionEndsRepository } from "./session-ends.repository";

export type { NewSession, RefreshTokenState } from "./refresh-tokens.repository";

/** The sessions and refresh_tokens tables: sign-ins, their refresh tokens, and their ends. */
export type SessionsRepository = RefreshTokensRepository & SessionEndsRepository;

export function createSessionsRepository(db: Kysely<Database>): SessionsRepository {
  return { ...createRefreshTokensRepository(db), ...createSessionEndsRepository(db) };
}
