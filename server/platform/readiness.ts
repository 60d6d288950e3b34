/**
 * Whether this instance should get traffic. `starting` until migrations and seeding are done, `ready` while
 * serving, `draining` from SIGTERM until it closes: `/readyz` answers 503 in every state but `ready`, so a
 * balancer that checks it stops sending requests before the instance goes away.
 */
export type ReadinessState = "starting" | "ready" | "draining";

export function createReadiness(initial: ReadinessState = "starting") {
  let state: ReadinessState = initial;
  return {
    get state(): ReadinessState {
      return state;
    },
    ready(): void {
      if (state === "starting") state = "ready";
    },
    drain(): void {
      state = "draining";
    },
  };
}

export type Readiness = ReturnType<typeof createReadiness>;
