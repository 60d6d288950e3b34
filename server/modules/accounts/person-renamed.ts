import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";

/**
 * The port through which accounts announce that a person's name changed or was erased: their id and new name, in the
 * change's transaction (the orders module keeps its queue's sort keys with it).
 */
export type PersonRenamed = (userId: string, person: { first_name: string; last_name: string }, trx: Kysely<Database>) => Promise<void>;
