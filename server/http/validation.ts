import type { FastifySchemaCompiler } from "fastify";
import type { ZodError, ZodType } from "zod";

/** A failed validation keeps what was validated, so a missing field reads "required". */
export type ValidationFailure = ZodError & { input?: unknown };

/**
 * Validates request parts with their zod schema. A failure returns the ZodError itself, which the central
 * error handler turns into the 400 field-error shape.
 */
export const zodValidatorCompiler: FastifySchemaCompiler<ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  return { error: Object.assign(result.error, { input: data }) as ValidationFailure };
};
