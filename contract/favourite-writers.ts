import { z } from "zod";

/** A writer a buyer marked as a favourite (issue 28): shown by display name only, never an e-mail or a full name. */
export const favouriteWriterSchema = z.object({
  writerId: z.string().describe("send it as an order item's writerId to ask for this writer"),
  displayName: z.string(),
});
export type FavouriteWriter = z.infer<typeof favouriteWriterSchema>;

/** GET /api/favourite-writers, and the answer of marking or unmarking one. */
export const favouriteWritersSchema = z.object({ writers: z.array(favouriteWriterSchema) });
export type FavouriteWriters = z.infer<typeof favouriteWritersSchema>;

export const favouriteWriterParamsSchema = z.object({ writerId: z.string().min(1).max(64) });
