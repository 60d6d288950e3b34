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
  ) {
    super(messageKey);
    this.name = "ApiClientError";
  }

  get hasFieldErrors(): boolean {
    return Object.keys(this.fieldErrors).length > 0;
  }
}
