import type { ViteDevServer } from "vite";
import type { PageContext } from "../../common/page-context";
import type { FirstAnswer } from "./front-door";
import type { PageCacheDoorOptions } from "./page-cache-door";

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
  door?: Pick<PageCacheDoorOptions, "securityHeaders" | "requestId" | "answered"> & {
    answerFirst(answer: FirstAnswer): void;
  };
}
