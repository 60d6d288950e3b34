import { createContext, useContext } from "react";
import href from "../../app.css?url";

/**
 * True on the server when the built stylesheet goes inline (production); false in development, where Vite serves
 * the stylesheet itself.
 */
export const InlineStylesheetContext = createContext(false);

/**
 * The inline stylesheet's opening tag. The server renders it empty and the entry writes the built file's bytes
 * right after it (app/entry.server.tsx): the 39 KB never pass through React or a string.
 */
export const INLINE_STYLESHEET_TAG = '<style data-app-css="">';

let clientText: string | null | undefined;
function inlineTextInDocument(): string | undefined {
  if (clientText === undefined) clientText = document.querySelector("style[data-app-css]")?.textContent ?? null;
  return clientText ?? undefined;
}

/**
 * The site's one stylesheet. In production it is inline in <head>: the first paint waits for no request
 * (docs/decisions/0041-first-paint.md); its hash is allowed by the CSP. The browser's first render reads the text it
 * was sent, so hydration sees the same markup. In development it is a link.
 */
export function Stylesheet() {
  const inlineOnServer = useContext(InlineStylesheetContext);
  const text = typeof document === "undefined" ? (inlineOnServer ? "" : undefined) : inlineTextInDocument();
  if (text === undefined) return <link rel="stylesheet" href={href} />;
  return <style data-app-css="" dangerouslySetInnerHTML={{ __html: text }} />;
}

/** Where the built stylesheet is, below the client build's folder (`/assets/app-….css`). */
export const stylesheetHref = href;
