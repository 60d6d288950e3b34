/**
 * An answer's JSON as a test or the cluster's client reads it when it names no contract type: the `expect` calls (or
 * the status checks) after the call are what check its shape; several hundred calls read answers so. A caller that
 * wants the compiler's help passes the contract's type instead.
 */
// biome-ignore lint/suspicious/noExplicitAny: the one place an untyped API answer is spelled; the caller's checks test its shape
export type UntypedJson = any;
