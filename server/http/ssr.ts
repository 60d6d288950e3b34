import { readFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import fastifyStatic from "@fastify/static";
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { createRequestHandler, RouterContextProvider, type RouterContext, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { PageContext } from "../../common/page-context";
import { createPageCache } from "./page-cache";
import { createPageErrorLog } from "./page-errors";
import { PUBLIC_PATHS } from "../../common/public-pages";
import { pageCacheKey, sendCachedPage, sendEncoded, storePage } from "./page-cache-http";
import type { FirstAnswer } from "./front-door";
import { pageCacheDoor, type PageCacheDoorOptions } from "./page-cache-door";
import { createRenderGate } from "./render-gate";
import { registerSitemap } from "./sitemap";

export interface SsrOptions {
  /** Production: the folder holding build/client and build/server. Dev: a Vite dev server in middleware mode. */
  buildDir?: string;
  vite?: ViteDevServer;
  /** What route loaders get as their context (services for in-process calls, settings). */
  pageContext: Omit<PageContext, "nonce" | "postApi" | "stylesheet">;
  /** Subscribes to price changes: cached pages show prices, so the page cache empties itself on each. */
  onPricesChange?: (listener: () => void) => void;
  /** Counts page-cache hits and misses (metrics). */
  onPageCache?: (result: "hit" | "miss") => void;
  /** The built stylesheet goes inline into every page; this allows its text in the CSP. */
  onInlineStyle?: (text: string) => void;
  /** At most this many pages render at once; the others wait their turn (SSR_CONCURRENCY, docs/decisions/0039-ssr-memory.md). */
  renderConcurrency?: number;
  /** Page-cache hits answered before Fastify (server/http/page-cache-door.ts); left out, Fastify answers them too. */
  door?: Pick<PageCacheDoorOptions, "securityHeaders" | "requestId" | "answered"> & { answerFirst(answer: FirstAnswer): void };
}

function toWebRequest(request: FastifyRequest, reply: FastifyReply): Request {
  const origin = `${request.protocol}://${request.host}`;
  const url = new URL(request.raw.url ?? "/", origin);
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item);
  }
  const controller = new AbortController();
  // Only a client that went away aborts; aborting after every finished answer built a DOMException each time.
  reply.raw.on("close", () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  return new Request(url, {
    method: request.method,
    headers,
    signal: controller.signal,
    ...(hasBody ? { body: Readable.toWeb(request.raw) as ReadableStream, duplex: "half" } : {}),
  } as RequestInit);
}

function sendHeaders(reply: FastifyReply, response: Response): FastifyReply {
  reply.status(response.status);
  for (const [name, value] of response.headers) {
    if (name !== "set-cookie") reply.header(name, value);
  }
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) reply.header("set-cookie", cookies);
  return reply;
}

async function sendWebResponse(reply: FastifyReply, response: Response): Promise<void> {
  sendHeaders(reply, response);
  if (!response.body) return reply.send();
  return reply.send(Readable.fromWeb(response.body as import("node:stream/web").ReadableStream));
}

/**
 * A route action's API call, answered by this same Fastify instance (`inject`): every hook runs as for a browser's
 * request, rate limits count the visitor's address, and the API answers in the page's language.
 */
async function postApi(
  app: FastifyInstance,
  request: FastifyRequest,
  apiPath: string,
  body: unknown,
  locale: string,
): Promise<Response> {
  if (!apiPath.startsWith("/api/")) throw new Error(`postApi only calls the API, not ${apiPath}`);
  const answer = await app.inject({
    method: "POST",
    url: apiPath,
    payload: JSON.stringify(body),
    headers: { "content-type": "application/json", "accept-language": locale },
    remoteAddress: request.ip,
  });
  return new Response(answer.statusCode === 204 ? null : answer.body, {
    status: answer.statusCode,
    headers: { "content-type": String(answer.headers["content-type"] ?? "application/json") },
  });
}

/**
 * What loaders and actions get as `context`: React Router 8 takes only a RouterContextProvider, with the page context
 * set under the key the app build exports from its entry (app/page-context.ts); a key made here would be another
 * object, and `context.get` would not find it.
 */
function loadContext(build: ServerBuild, page: PageContext): RouterContextProvider {
  const key = (build.entry.module as { pageContext?: RouterContext<PageContext> }).pageContext;
  if (!key) throw new Error("the server build's entry (app/entry.server.tsx) does not export pageContext");
  return new RouterContextProvider(new Map([[key, page]]));
}

/** Serves the built assets, `/build/latest.json`, and React Router's server rendering for every other path. */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  let buildId = "dev";
  let stylesheet: Buffer | undefined;
  let handle: (request: Request, page: PageContext, log: FastifyBaseLogger) => Promise<Response>;
  // What React Router reports while answering a page, logged by the status the page answered (not a stack per 4xx).
  const pageErrors = createPageErrorLog(app.log);

  if (options.vite) {
    const vite = options.vite;
    await app.register(import("@fastify/middie"));
    app.use(vite.middlewares);
    // The module runner keeps loaded modules: both loads of a request get the same build (and so the same key).
    const load = async () => pageErrors.withLog((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild);
    const handler = createRequestHandler(load, "development");
    handle = async (request, page, log) => {
      const context = loadContext(await load(), page);
      return pageErrors.answer(context, log, () => handler(request, context));
    };
  } else {
    const buildDir = path.resolve(options.buildDir ?? "build");
    const build = pageErrors.withLog((await import(path.join(buildDir, "server", "index.js"))) as ServerBuild);
    buildId = build.assets.version;
    // The entry names the built stylesheet; its text goes inline into every page (docs/decisions/0041-first-paint.md).
    const { stylesheetHref } = build.entry.module as { stylesheetHref?: string };
    if (stylesheetHref) {
      stylesheet = await readFile(path.join(buildDir, "client", stylesheetHref));
      options.onInlineStyle?.(stylesheet.toString("utf8"));
    }
    await app.register(fastifyStatic, {
      root: path.join(buildDir, "client"),
      wildcard: false,
      // Hashed files never change; everything else may change with the next build.
      setHeaders(res, filePath) {
        res.raw.setHeader(
          "cache-control",
          filePath.includes(`${path.sep}assets${path.sep}`)
            ? "public, max-age=31536000, immutable"
            : "public, max-age=3600",
        );
      },
    });
    const handler = createRequestHandler(build, "production");
    handle = (request, page, log) => {
      const context = loadContext(build, page);
      return pageErrors.answer(context, log, () => handler(request, context));
    };
  }

  // Rendered public pages, served again at static-file speed (docs/decisions/0011-page-cache-csp-hashes.md).
  const pageCache = createPageCache();
  const gate = createRenderGate(options.renderConcurrency ?? 8);
  options.onPricesChange?.(() => pageCache.clear());
  if (options.door && !options.vite) {
    const { answerFirst, ...door } = options.door;
    let open = true;
    app.addHook("preClose", async () => {
      open = false;
    });
    answerFirst(
      pageCacheDoor({
        ...door,
        cache: pageCache,
        buildId,
        open: () => open,
        answered(answer) {
          options.onPageCache?.("hit");
          door.answered(answer);
        },
      }),
    );
  }

  registerSitemap(app, options.pageContext.publicUrl);

  app.get("/build/latest.json", { schema: { hide: true } }, async (_request, reply) => {
    return reply.header("cache-control", "no-store").send({ id: buildId });
  });

  // Page requests keep their body unread: React Router parses form posts itself.
  await app.register(async (pages) => {
    pages.removeAllContentTypeParsers();
    pages.addContentTypeParser("*", (_request, _payload, done) => done(null));
    const answer = (compression: "plugin" | "own") => async (request: FastifyRequest, reply: FastifyReply) => {
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
