import { readFile } from "node:fs/promises";
import path from "node:path";
import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { ViteDevServer } from "vite";
import type { PageContext } from "../../common/page-context";
import type { createPageErrorLog } from "./page-errors";
import { registerClientFiles } from "./client-files";
import { loadContext } from "./ssr-web";

/** Answers one page request with React Router's server rendering. */
export type PageHandler = (request: Request, page: PageContext, log: FastifyBaseLogger) => Promise<Response>;

/** The app's build as the server uses it: its id, its inline stylesheet (production), and the page handler. */
export interface LoadedBuild {
  buildId: string;
  stylesheet?: Buffer;
  handle: PageHandler;
}

type PageErrorLog = ReturnType<typeof createPageErrorLog>;

/** Development: the build comes from Vite's module runner, which keeps loaded modules (both loads of a request get the same build and key). */
export async function loadDevBuild(
  app: FastifyInstance,
  vite: ViteDevServer,
  pageErrors: PageErrorLog,
): Promise<LoadedBuild> {
  await app.register(import("@fastify/middie"));
  app.use(vite.middlewares);
  const load = async () =>
    pageErrors.withLog((await vite.ssrLoadModule("virtual:react-router/server-build")) as ServerBuild);
  const handler = createRequestHandler(load, "development");
  return {
    buildId: "dev",
    handle: async (request, page, log) => {
      const context = loadContext(await load(), page);
      return pageErrors.answer(context, log, () => handler(request, context));
    },
  };
}

/** Production: the built server bundle, and the built client files served as static assets. */
export async function loadProductionBuild(
  app: FastifyInstance,
  buildDirOption: string | undefined,
  pageErrors: PageErrorLog,
  onInlineStyle?: (text: string) => void,
): Promise<LoadedBuild> {
  const buildDir = path.resolve(buildDirOption ?? "build");
  const build = pageErrors.withLog((await import(path.join(buildDir, "server", "index.js"))) as ServerBuild);
  let stylesheet: Buffer | undefined;
  // The entry names the built stylesheet; its text goes inline into every page (docs/decisions/0041-first-paint.md).
  const { stylesheetHref } = build.entry.module as { stylesheetHref?: string };
  if (stylesheetHref) {
    stylesheet = await readFile(path.join(buildDir, "client", stylesheetHref));
    onInlineStyle?.(stylesheet.toString("utf8"));
  }
  await registerClientFiles(app, path.join(buildDir, "client"));
  const handler = createRequestHandler(build, "production");
  return {
    buildId: build.assets.version,
    stylesheet,
    handle: (request, page, log) => {
      const context = loadContext(build, page);
      return pageErrors.answer(context, log, () => handler(request, context));
    },
  };
}
