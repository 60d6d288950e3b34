import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { createI18n } from "./i18n/instance";
import { localeFromPath } from "../common/locales";
import { loadResources } from "./i18n/resources";
import { NonceContext } from "./nonce";

export const streamTimeout = 5_000;

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
  loadContext: AppLoadContext,
) {
  const nonce = loadContext.nonce;
  const i18n = i18nByLocale[localeFromPath(new URL(request.url).pathname)];
  return new Promise<Response>((resolve, reject) => {
    let statusCode = responseStatusCode;
    // Cleared as soon as the render settles: a pending timer would keep the whole render alive for seconds.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <I18nextProvider i18n={i18n}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </I18nextProvider>
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
              loadContext.rendered = { response, body: Buffer.concat(chunks) };
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
