import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** A year, as send's `maxAge` (ms): hashed files never change. */
const HASHED_MAX_AGE_MS = 365 * 24 * 60 * 60 * 1000;
/** An hour (ms): a file outside `assets/` (favicon) may change with the next build. */
const OTHER_MAX_AGE_MS = 60 * 60 * 1000;

/**
 * The built client's files (production). The hashed files in `assets/` (~120 now, one per chunk) are served by one
 * wildcard route, cached for a year as immutable; a name not there answers the store's not-found problem (404). The
 * few files beside `assets/` get a route each, cached for an hour. One route per file (240 with HEAD) cost ~2.7 MB of
 * router and route objects at rest and time at start (issue 27, idle memory).
 */
export async function registerClientFiles(app: FastifyInstance, clientDir: string): Promise<void> {
  await app.register(fastifyStatic, {
    root: path.join(clientDir, "assets"),
    prefix: "/assets/",
    wildcard: true,
    index: false,
    maxAge: HASHED_MAX_AGE_MS,
    immutable: true,
  });
  await app.register(fastifyStatic, {
    root: clientDir,
    wildcard: false,
    globIgnore: ["assets/**"],
    decorateReply: false,
    maxAge: OTHER_MAX_AGE_MS,
  });
}
