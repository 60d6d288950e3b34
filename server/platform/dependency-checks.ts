import type { DependencyName } from "./unavailable";

/** One backing service and a cheap way to ask whether it answers. */
export interface DependencyProbe {
  name: DependencyName;
  /** True when it answers; false or a rejection when not. */
  probe(): Promise<boolean>;
}

export type DependencyStates = Partial<Record<DependencyName, boolean>>;

export interface DependencyCheckOptions {
  /** A probe that has not answered after this long counts as down. */
  timeoutMs?: number;
  /** An answer is reused this long, so a storm of `/readyz` and `/metrics` requests costs one probe per dependency. */
  cacheMs?: number;
  now?: () => number;
}

function within(ms: number, work: Promise<boolean>): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  return Promise.race([work.catch(() => false), late]).finally(() => clearTimeout(timer));
}

/**
 * The state of every dependency the store needs, for `/readyz` and the `scriptorium_dependency_up` gauge. Each
 * probe has a short deadline, its answer is cached briefly, and a probe still running (a backend that hangs) is
 * never started twice: meanwhile the dependency counts as down.
 */
export function createDependencyChecks(probes: DependencyProbe[], options: DependencyCheckOptions = {}) {
  const timeoutMs = options.timeoutMs ?? 2_000;
  const cacheMs = options.cacheMs ?? 1_000;
  const now = options.now ?? Date.now;
  const entries = probes.map((probe) => ({
    probe,
    answer: null as null | { up: boolean; at: number },
    asking: null as Promise<boolean> | null,
    running: false,
  }));

  const check = (entry: (typeof entries)[number]): Promise<boolean> => {
    if (entry.answer && now() - entry.answer.at < cacheMs) return Promise.resolve(entry.answer.up);
    if (entry.asking) return entry.asking;
    if (entry.running) return Promise.resolve(false);
    entry.running = true;
    const underway = Promise.resolve().then(() => entry.probe.probe()).finally(() => {
      entry.running = false;
    });
    entry.asking = within(timeoutMs, underway).then((up) => {
      entry.answer = { up, at: now() };
      entry.asking = null;
      return up;
    });
    return entry.asking;
  };

  return {
    names: probes.map((probe) => probe.name),
    /** Every dependency and whether it answers now (cached for `cacheMs`). */
    async states(): Promise<DependencyStates> {
      const answers = await Promise.all(entries.map(check));
      return Object.fromEntries(entries.map((entry, index) => [entry.probe.name, answers[index]]));
    },
  };
}

export type DependencyChecks = ReturnType<typeof createDependencyChecks>;
