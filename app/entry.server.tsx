import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { createI18n } from "./i18n/instance";
import { localeFromPath } from "../common/locales";
import { loadResources } from "./i18n/resources";
import { INLINE_STYLESHEET_TAG, InlineStylesheetContext } from "./features/layout/stylesheet";
import { NonceContext } from "./nonce";
import { pageContext } from "./page-context";

/** The server sets the page context under this very key (server/http/ssr.ts). */
export { pageContext };

/** The server reads the built stylesheet named here once, and inlines it (app/features/layout/stylesheet.tsx). */
export { stylesheetHref } from "./features/layout/stylesheet";

export const streamTimeout = 5_000;

const MODULE_PRELOAD = Buffer.from('<link rel="modulepreload"');
const LOW_PRIORITY = Buffer.from(' fetchpriority="low"');
const STYLESHEET_TAG = Buffer.from(INLINE_STYLESHEET_TAG);

/**
 * The finished document in one copy: the built stylesheet's bytes after its empty inline tag, and low priority on
 * every module preload. Nothing the first paint needs is a script (the stylesheet is inline), so the document comes
 * first and the scripts follow to hydrate it (docs/decisions/0041-first-paint.md); React Router renders the preload
 * links itself and takes no attribute for them.
 */
function finishDocument(html: Buffer, stylesheet: Uint8Array | undefined): Buffer {
  const pieces: Uint8Array[] = [];
  let from = 0;
  const insert = (at: number, bytes: Uint8Array) => {
    pieces.push(html.subarray(from, at), bytes);
    from = at;
  };
  const styleAt = stylesheet ? html.indexOf(STYLESHEET_TAG) : -1;
  const insertStylesheet = () => {
    if (stylesheet && styleAt !== -1 && from <= styleAt) insert(styleAt + STYLESHEET_TAG.length, stylesheet);
  };
  for (let at = html.indexOf(MODULE_PRELOAD); at !== -1; at = html.indexOf(MODULE_PRELOAD, at + 1)) {
    if (styleAt < at) insertStylesheet();
    insert(at + MODULE_PRELOAD.length, LOW_PRIORITY);
  }
  insertStylesheet();
  if (pieces.length === 0) return html;
  pieces.push(html.subarray(from));
  return Buffer.concat(pieces);
}

const resources = await loadResources(["en", "es"]);
const i18nByLocale = { en: createI18n("en", resources), es: createI18n("es", resources) };

/**
 * Renders the whole document before answering: pages are complete for crawlers and for the page cache. React writes
 * into a Node Writable that keeps the chunks; the finished bytes go to the server through the load context
 * (`PageContext.rendered`), so no Web stream sits between React and the Node response
 * (docs/decisions/0038-ssr-without-stream-bridge.md). The Response returned here carries status and headers only.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const page = loadContext.get(pageContext);
  const nonce = page.nonce;
  const i18n = i18nByLocale[localeFromPath(new URL(request.url).pathname)];
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    // Cleared as soon as the render settles: a pending timer would keep the whole render alive for seconds.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <InlineStylesheetContext.Provider value={page.stylesheet !== undefined}>
          <I18nextProvider i18n={i18n}>
            <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
          </I18nextProvider>
        </InlineStylesheetContext.Provider>
      </NonceContext.Provider>,
      {
        nonce,
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              clearTimeout(timer);
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              const response = new Response(null, { headers: responseHeaders, status: statusCode });
              page.rendered = { response, body: finishDocument(Buffer.concat(chunks), page.stylesheet) };
              resolve(response);
              done();
            },
          });
          pipe(sink);
        },
        onShellError(error: unknown) {
          clearTimeout(timer);
          reject(error);
        },
        onError(error: unknown) {
          statusCode = 500;
          if (!request.signal.aborted) console.error(error);
        },
      },
    );
  });
}
