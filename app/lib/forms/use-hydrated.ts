import { useSyncExternalStore } from "react";

const never = () => () => undefined;

/** False while server-rendering and hydrating, true once the page's script runs it. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}
