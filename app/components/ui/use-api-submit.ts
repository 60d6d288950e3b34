import { useCallback, useRef, useState } from "react";
import { ApiClientError, type ClientMessageKey } from "~/lib/api/api-error";

export type FieldErrors = Record<string, string[]>;

export interface SubmitState {
  busy: boolean;
  /** Messages per field name: from client-side checks or the server's 400. */
  fieldErrors: FieldErrors;
  /** Key in the `errors` namespace of the failure (CONTRACT §7), or null. */
  errorKey: ClientMessageKey | null;
  /** The server's general message (the "" key of a 400), or null. */
  general: string | null;
}

const idle: SubmitState = { busy: false, fieldErrors: {}, errorKey: null, general: null };

/**
 * The one form pattern: `run(send)` marks the form busy, runs the request and turns an ApiClientError into
 * field errors, a general message and the client message key; `invalid(errors)` shows client-side check results.
 * Resolves with the answer, or undefined when the request failed.
 */
export function useApiSubmit() {
  const [state, setState] = useState<SubmitState>(idle);
  const inFlight = useRef(false);

  const run = useCallback(async <T,>(send: () => Promise<T>): Promise<T | undefined> => {
    if (inFlight.current) return undefined;
    inFlight.current = true;
    setState({ ...idle, busy: true });
    try {
      const answer = await send();
      setState(idle);
      return answer;
    } catch (error) {
      if (error instanceof ApiClientError) {
        setState({ busy: false, fieldErrors: error.fieldErrors, errorKey: error.messageKey, general: error.general });
      } else {
        if ((error as Error)?.name !== "AbortError") console.error(error);
        setState({ ...idle, errorKey: "generic" });
      }
      return undefined;
    } finally {
      inFlight.current = false;
    }
  }, []);

  const invalid = useCallback((fieldErrors: FieldErrors) => {
    setState({ ...idle, fieldErrors, errorKey: "validationFailed" });
  }, []);

  const reset = useCallback(() => setState(idle), []);

  return { ...state, run, invalid, reset };
}
