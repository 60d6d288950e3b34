import { createContext, useContext } from "react";

/** The CSP nonce of the response being rendered (empty in the browser, where scripts are already trusted). */
export const NonceContext = createContext<string>("");
export const useNonce = () => useContext(NonceContext);
