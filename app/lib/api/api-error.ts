/**
 * The one error type of the browser side. `messageKey` is a key of the `errors` namespace in app/locales
 * (the client messages of CONTRACT §7); `fieldErrors` are the server's messages, keyed by field name.
 */
export type ClientMessageKey =
  | "unexpected" // any non-200 answer: "An unexpected server error occurred."
  | "serverSide" // a 400: "A server side error occurred."
  | "validationFailed" // field errors present: "Validation failed"
  | "tooManyRequests" // 429: "Too many requests."
  | "generic" // anything else (network, parsing): "An error has occurred."
  | "refreshTokenEmpty"; // refresh with no refresh token: "refresh token is empty"

export class ApiClientError extends Error {
  constructor(
    readonly messageKey: ClientMessageKey,
    readonly status: number,
    /** Field errors from a 400, without the general one. */
    readonly fieldErrors: Record<string, string[]> = {},
    /** The server's general message (the "" key of a 400), when there is one. */
    readonly general: string | null = null,
    /** The problem's `detail` (a 404's or 409's "the invitation expired"), whatever the status. */
    readonly detail: string | null = null,
  ) {
    super(messageKey);
    this.name = "ApiClientError";
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }

  /** Every message the server gave, general first (detail, the "" errors, then each field's): a list to show. */
  get messages(): string[] {
    return [...new Set([this.detail, this.general, ...Object.values(this.fieldErrors).flat()].filter((message): message is string => Boolean(message)))];
  }
}
