import type { FastifyBaseLogger } from "fastify";
import { isRouteErrorResponse, type HandleErrorFunction, type ServerBuild } from "react-router";

interface PageRequest {
  log: FastifyBaseLogger;
  /** The status the page answered with; unknown while it renders. */
  status?: number;
  /** Errors reported before the status was known. */
  reported: unknown[];
}

/**
 * React Router hands every error it meets while answering a page to the build's `handleError`, and without one
 * prints its stack to stderr: a loader that threw, and just as well a client's mistake (a DELETE to a page that has
 * no action: 405; a path no route matches: 404; a form posted from another site: 400), so any client could fill the
 * log with stacks. Here each is judged by the status the page finally answered: from 500 up it is logged at `error`
 * with its stack on the request's own logger (its `reqId` included); below 500 nothing is added, as the request's
 * line says the status. (React Router's status is its first error's: a loader that crashes beneath one that threw a
 * 404 in the same request goes unlogged there; its page, asked alone, answers 500 and logs it.)
 */
export function createPageErrorLog(fallback: FastifyBaseLogger) {
  const requests = new WeakMap<object, PageRequest>();
  const builds = new WeakMap<ServerBuild, ServerBuild>();
  // React Router's own answers (404, 405) carry the Error behind them; that one has the stack.
  const cause = (error: unknown) => (isRouteErrorResponse(error) && (error as { error?: unknown }).error) || error;
  const report = (log: FastifyBaseLogger, error: unknown) => log.error({ err: cause(error) }, "page failed");

  const handleError: HandleErrorFunction = (error, { context, request }) => {
    // A client that went away is nothing to report (React Router's own handler skips it too).
    if (request.signal.aborted) return;
    const page = requests.get(context as object);
    if (!page) return report(fallback, error);
    if (page.status === undefined) page.reported.push(error);
    else if (page.status >= 500) report(page.log, error);
  };

  return {
    /**
     * The build with this log as its `handleError`; the same copy for the same build, since React Router derives
     * its handler again whenever the build it is given changes (in development it asks for the build per request).
     */
    withLog(build: ServerBuild): ServerBuild {
      let logged = builds.get(build);
      if (!logged) {
        logged = { ...build, entry: { ...build.entry, module: { ...build.entry.module, handleError } } };
        builds.set(build, logged);
      }
      return logged;
    },

    /** Renders one page request (`context`: the load context given to React Router), then logs what it reported. */
    async answer(context: object, log: FastifyBaseLogger, render: () => Promise<Response>): Promise<Response> {
      const page: PageRequest = { log, reported: [] };
      requests.set(context, page);
      try {
        const response = await render();
        page.status = response.status;
        return response;
      } finally {
        // A render that threw is the error handler's 500 (logged there with its stack); what came before it is too.
        page.status ??= 500;
        if (page.status >= 500) for (const error of page.reported) report(log, error);
        page.reported = [];
      }
    },
  };
}
