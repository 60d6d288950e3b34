import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNavigation } from "react-router";

/** Route changes that take longer than this show a progress bar; quicker ones show nothing. */
export const TRANSITION_DELAY_MS = 100;

/** A thin bar at the top of the window while a route change takes longer than ~100 ms. */
export function ProgressBar() {
  const { t } = useTranslation("common");
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), TRANSITION_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);
  if (!visible) return null;
  return (
    <div
      role="progressbar"
      aria-label={t("loading")}
      className="fixed inset-x-0 top-0 z-50 h-1 overflow-hidden bg-indigo-200 dark:bg-indigo-950"
      data-testid="route-progress"
    >
      <div className="progress-indeterminate h-full w-1/3 bg-indigo-600 dark:bg-indigo-400" />
    </div>
  );
}
