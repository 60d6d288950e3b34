import { useEffect, useRef } from "react";
import { createPath, useNavigation } from "react-router";
import { reloadOnce } from "./reload-once";

declare global {
  interface Window {
    __reactRouterManifest?: { version?: string };
  }
}

/** Asks the server for the latest build id; true when it differs from the build this page runs. */
async function newBuildAvailable(ownId: string): Promise<boolean> {
  try {
    const response = await fetch("/build/latest.json", { cache: "no-store" });
    if (!response.ok) return false;
    const { id } = (await response.json()) as { id?: unknown };
    return typeof id === "string" && id !== "dev" && id !== ownId;
  } catch {
    return false;
  }
}

/**
 * CONTRACT §2: polls `/build/latest.json` every `pollSeconds`; once a new build is out, the next route change is a
 * full page load (fresh HTML and modules) instead of a client-side navigation.
 */
export function useBuildCheck(pollSeconds: number): void {
  const stale = useRef(false);
  const navigation = useNavigation();

  useEffect(() => {
    const ownId = window.__reactRouterManifest?.version;
    if (!ownId || pollSeconds <= 0) return;
    const timer = window.setInterval(() => {
      if (stale.current) return;
      void newBuildAvailable(ownId).then((changed) => {
        stale.current ||= changed;
      });
    }, pollSeconds * 1000);
    return () => window.clearInterval(timer);
  }, [pollSeconds]);

  useEffect(() => {
    if (stale.current && navigation.state === "loading" && navigation.location) {
      reloadOnce(createPath(navigation.location));
    }
  }, [navigation.state, navigation.location]);
}
