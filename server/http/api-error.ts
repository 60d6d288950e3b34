import type { MessageRef } from "../i18n/messages";

export type FieldMessages = Record<string, MessageRef[]>;

/**
 * The one error type of the API. Services throw it; the central error handler translates and writes it
 * in the shape of CONTRACT §3. A 400 carries field errors keyed by field name ("" for a general message).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors?: FieldMessages,
    readonly detail?: MessageRef,
    readonly headers?: Record<string, string>,
  ) {
    super(`ApiError ${status}`);
  }

  /** 400 with one message under `field` ("" = general). */
  static field(field: string, key: string, params?: MessageRef["params"]): ApiError {
    return new ApiError(400, { [field]: [{ key, params }] });
  }

  static fields(errors: FieldMessages): ApiError {
    return new ApiError(400, errors);
  }

  static unauthorized(): ApiError {
    return new ApiError(401, undefined, { key: "detail.401" });
  }

  static forbidden(): ApiError {
    return new ApiError(403, undefined, { key: "detail.403" });
  }

  static notFound(): ApiError {
    return new ApiError(404, undefined, { key: "detail.404" });
  }
}
