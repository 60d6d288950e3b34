import { useEffect, useState } from "react";
import type { NotificationCount } from "../../../contract/notifications";
import { api } from "~/lib/api/client";

/** Said on the window when the person's unread count changed (a notification marked read here). */
const CHANGED = "scriptorium:notifications-changed";

export function notificationsChanged(unread: number): void {
  window.dispatchEvent(new CustomEvent<number>(CHANGED, { detail: unread }));
}

/** How often the bell asks again while a back-office page stays open. */
const POLL_MS = 60_000;

/**
 * The signed-in person's unread count for the bell: asked on every page change (`key`), every minute, and told at
 * once when the notifications page marks some read. Null before the first answer.
 */
export function useUnreadCount(key: string): number | null {
  const [unread, setUnread] = useState<number | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` (the page's path) is how a page change asks again
  useEffect(() => {
    let live = true;
    const ask = () =>
      api<NotificationCount>("/api/admin/notifications/count")
        .then((answer) => live && setUnread(answer.unread))
        .catch(() => undefined);
    void ask();
    const timer = setInterval(() => void ask(), POLL_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [key]);
  useEffect(() => {
    const told = (event: Event) => setUnread((event as CustomEvent<number>).detail);
    window.addEventListener(CHANGED, told);
    return () => window.removeEventListener(CHANGED, told);
  }, []);
  return unread;
}
