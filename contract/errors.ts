import { z } from "zod";

/** Field errors keyed by field name (`orderFormData[0].brief.topic`); the empty key holds a general message. */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

/** Every error the API answers has this shape (CONTRACT §3). */
export const problemSchema = z.object({
  status: z.number().int(),
  title: z.string(),
  errors: fieldErrorsSchema.optional(),
  detail: z.string().optional(),
});
export type Problem = z.infer<typeof problemSchema>;
