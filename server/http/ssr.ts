import type { FastifyInstance } from "fastify";
import { createPageCache } from "./page-cache";
import { createPageErrorLog } from "./page-errors";
import { pageCacheDoor } from "./page-cache-door";
import { createRenderGate } from "./render-gate";
import { registerSitemap } from "./sitemap";
import { loadDevBuild, loadProductionBuild } from "./ssr-build";
import type { SsrOptions } from "./ssr-options";
import { registerPageRoutes } from "./ssr-pages";
import type { PageCache } from "./page-cache";

export type { SsrOptions } from "./ssr-options";

/** Page-cache hits answered before Fastify (page-cache-door.ts), until the server starts closing. */
function openDoor(app: FastifyInstance, options: SsrOptions, pageCache: PageCache, buildId: string): void {
  if (!options.door || options.vite) return;
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

/** Serves the built assets, `/build/latest.json`, and React Router's server rendering for every other path. */
export async function registerSsr(app: FastifyInstance, options: SsrOptions): Promise<void> {
  // What React Router reports while answering a page, logged by the status the page answered (not a stack per 4xx).
  const pageErrors = createPageErrorLog(app.log);
  const build = options.vite
    ? await loadDevBuild(app, options.vite, pageErrors)
    : await loadProductionBuild(app, options.buildDir, pageErrors, options.onInlineStyle);

  // Rendered public pages, served again at static-file speed (docs/decisions/0011-page-cache-csp-hashes.md).
  const pageCache = createPageCache();
  const gate = createRenderGate(options.renderConcurrency ?? 8);
  options.onPricesChange?.(() => pageCache.clear());
  openDoor(app, options, pageCache, build.buildId);

  registerSitemap(app, options.pageContext.publicUrl);

  app.get("/build/latest.json", { schema: { hide: true } }, async (_request, reply) => {
    return reply.header("cache-control", "no-store").send({ id: build.buildId });
  });

  await registerPageRoutes(app, { ...build, options, pageCache, gate });
}
