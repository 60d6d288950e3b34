import { createContext } from "react-router";
import type { PageContext } from "../common/page-context";

/**
 * The key under which loaders and actions find what the server hands them (common/page-context.ts):
 * `context.get(pageContext)`. React Router 8 always passes a RouterContextProvider as `context`. The server is a
 * bundle of its own, so a key it made would be a different object: it takes this one from the built entry
 * (app/entry.server.tsx exports it).
 */
export const pageContext = createContext<PageContext>();
