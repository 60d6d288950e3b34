import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { PageContext } from "../../common/page-context";
import { PUBLIC_PATHS } from "../../common/public-pages";
import type { PageCache } from "./page-cache";
import { pageCacheKey, sendCachedPage, sendEncoded, storePage } from "./page-cache-http";
import type { createRenderGate } from "./render-gate";
import type { LoadedBuild } from "./ssr-build";
import { postApi, sendHeaders, sendWebResponse, toWebRequest } from "./ssr-web";
import type { SsrOptions } from "./ssr-options";

export interface PageRoutesDeps extends LoadedBuild {
  options: Pick<SsrOptions, "vite" | "pageContext" | "onPageCache">;
  pageCache: PageCache;
  gate: ReturnType<typeof createRenderGate>;
}

/** One page answer: from the page cache, or rendered (and stored when it may be cached). */
function pageAnswer(app: FastifyInstance, { options, pageCache, gate, handle, buildId, stylesheet }: PageRoutesDeps) {
  return (compression: "plugin" | "own") => async (request: FastifyRequest, reply: FastifyReply) => {
    const cacheKey = options.vite ? null : pageCacheKey(request.raw, buildId);
    const cached = cacheKey ? pageCache.get(cacheKey) : undefined;
    if (cached) {
      options.onPageCache?.("hit");
      return sendCachedPage(request, reply, cached, "hit");
    }
    const context: PageContext = {
      ...options.pageContext,
      stylesheet,
      nonce: reply.cspNonce(),
      postApi: (apiPath, body, locale) => postApi(app, request, apiPath, body, locale),
    };
    const response = await gate(() => handle(toWebRequest(request, reply), context, request.log));
    // A document the entry rendered: its bytes come straight from React's Node stream (app/entry.server.tsx).
    const body = context.rendered?.response === response ? context.rendered.body : null;
    const stored = cacheKey ? await storePage(pageCache, cacheKey, response, body) : null;
    if (stored) {
      options.onPageCache?.("miss");
      return sendCachedPage(request, reply, stored, "miss");
    }
    if (body) {
      const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
      sendHeaders(reply, response);
      return compression === "plugin" ? reply.send(bytes) : sendEncoded(request, reply, bytes);
    }
    return sendWebResponse(reply, response);
  };
}

/** Every page path: the public pages, then everything else React Router answers. */
export async function registerPageRoutes(app: FastifyInstance, deps: PageRoutesDeps): Promise<void> {
  // Page requests keep their body unread: React Router parses form posts itself.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const answer = pageAnswer(app, deps);
    // Public pages: the page cache answers them already compressed, so their routes skip the compression plugin's
    // hooks (a tenth of a cached answer's CPU); what they render without caching (a query string) is compressed here.
    for (const url of PUBLIC_PATHS)
      pages.get(url, { schema: { hide: true }, compress: false, decompress: false }, answer("own"));
    pages.route({
      method: ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"],
      url: "/*",
      schema: { hide: true },
      handler: answer("plugin"),
    });
  });
}
