/** A message translated when the answer is written: a dotted key into the server's catalogues and its values. */
export interface MessageRef {
  key: string;
  params?: Record<string, string | number>;
}

/** Field errors keyed by field name; "" holds a general message. */
export type FieldMessages = Record<string, MessageRef[]>;

/**
 * What went wrong, in the domain's words. The HTTP layer maps each kind to its status and the contract's shape
 * (server/http/error-handler.ts); modules never speak HTTP.
 */
export type DomainErrorKind =
  | "invalid" // 400: field errors
  | "unauthenticated" // 401
  | "forbidden" // 403
  | "not_found" // 404: no such thing, or not yours
  | "conflict" // 409: the move does not apply in the current state
  | "too_large" // 413
  | "range_not_satisfiable" // 416
  | "too_many" // 429: retryAfterSeconds says when to come back
  | "unavailable" // 503: a provider we depend on is down
  | "client_gone"; // 499: the client left before the work started; nothing was done and nobody reads the answer

export interface DomainErrorOptions {
  fields?: FieldMessages;
  detail?: MessageRef;
  /** too_many: seconds until the client may try again. */
  retryAfterSeconds?: number;
  /** range_not_satisfiable: the size of the whole resource. */
  size?: number;
  cause?: unknown;
}

/** The one error type of the domain. Services throw it; the central error handler writes the contract's shape. */
export class DomainError extends Error {
  readonly fields?: FieldMessages;
  readonly detail?: MessageRef;
  readonly retryAfterSeconds?: number;
  readonly size?: number;

  constructor(
    readonly kind: DomainErrorKind,
    options: DomainErrorOptions = {},
  ) {
    super(`DomainError ${kind}${options.detail ? ` ${options.detail.key}` : ""}`, options.cause === undefined ? undefined : { cause: options.cause });
    this.fields = options.fields;
    this.detail = options.detail;
    this.retryAfterSeconds = options.retryAfterSeconds;
    this.size = options.size;
  }

  /** 400 with one message under `field` ("" = general). */
  static field(field: string, key: string, params?: MessageRef["params"]): DomainError {
    return new DomainError("invalid", { fields: { [field]: [{ key, params }] } });
  }

  static fields(fields: FieldMessages): DomainError {
    return new DomainError("invalid", { fields });
  }

  static unauthenticated(detail?: MessageRef): DomainError {
    return new DomainError("unauthenticated", { detail: detail ?? { key: "detail.401" } });
  }

  static forbidden(): DomainError {
    return new DomainError("forbidden", { detail: { key: "detail.403" } });
  }

  static notFound(): DomainError {
    return new DomainError("not_found", { detail: { key: "detail.404" } });
  }

  /** 409: `key` names why the move does not apply (e.g. `orders.wrongStatus` with the current status). */
  static conflict(key: string, params?: MessageRef["params"]): DomainError {
    return new DomainError("conflict", { detail: { key, params } });
  }

  static tooMany(key: string, seconds: number): DomainError {
    return new DomainError("too_many", { detail: { key, params: { seconds } }, retryAfterSeconds: seconds });
  }
}
