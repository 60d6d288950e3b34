import { useEffect, useState } from "react";

/** The current time, renewed every `everyMs` (default a minute) while the page is open: countdowns stay right. */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return now;
}
