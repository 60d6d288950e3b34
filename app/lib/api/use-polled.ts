import { useEffect, useRef, useState } from "react";
import { api } from "./client";

const POLL_MS = 2000;

/**
 * GET `path` (none while it is null), then again every 2 s while `again(answer, round)` says its news is still on its
 * way (a payment's confirmation), up to `limit` rounds; `seen` runs with every answer. Stops when the component goes.
 */
export function usePolled<T>(
  path: string | null,
  options: { limit: number; again(answer: T, round: number): boolean; seen?(answer: T): void },
): { answer: T | null; failure: unknown } {
  const [answer, setAnswer] = useState<T | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  // The newest callbacks, read when an answer comes: a new closure for `options` must not start another poll.
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!path) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const ask = async (round: number) => {
      try {
        const found = await api<T>(path);
        if (!live) return;
        setAnswer(found);
        latest.current.seen?.(found);
        if (round < latest.current.limit && latest.current.again(found, round)) timer = setTimeout(() => void ask(round + 1), POLL_MS);
      } catch (error) {
        if (live) setFailure(error);
      }
    };
    void ask(1);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [path]);

  return { answer, failure };
}
