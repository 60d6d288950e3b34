import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { compactSecondary } from "./admin-frame";

/** Whether a key press belongs to a field being typed in (never a shortcut then). */
function typing(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return target.isContentEditable || ["INPUT", "SELECT", "TEXTAREA"].includes(target.tagName);
}

/** The queue's shortcuts, in the order the help lists them: the key(s) and the message of what each does. */
export const QUEUE_SHORTCUTS = [
  { keys: ["j", "↓"], action: "next" },
  { keys: ["k", "↑"], action: "previous" },
  { keys: ["Enter"], action: "open" },
  { keys: ["a"], action: "assign" },
  { keys: ["?"], action: "help" },
] as const;

/**
 * The queue's keyboard (issue 26, point 15): j or ↓ the next row, k or ↑ the previous one, Enter opens it, a picks
 * it and goes to "give the picked rows to", ? shows the help. Nothing fires while typing in a field or with Ctrl,
 * Alt or Cmd held; Escape closes the help.
 */
export function useQueueKeys({ count, open, assign }: { count: number; open(index: number): void; assign: ((index: number) => void) | null }) {
  const [current, setCurrent] = useState(-1);
  const [help, setHelp] = useState(false);
  const state = useRef({ current, count, open, assign, help });
  state.current = { current, count, open, assign, help };
  // A new page of rows starts with none.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new row count is a new page
  useEffect(() => setCurrent(-1), [count]);
  useEffect(() => {
    function onKey(event: KeyboardEvent) {
      const now = state.current;
      if (event.key === "Escape" && now.help) return setHelp(false);
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target) || event.defaultPrevented) return;
      const move = (by: number) => setCurrent(Math.min(now.count - 1, Math.max(0, now.current + by)));
      const handled: Record<string, () => void> = {
        j: () => move(1),
        ArrowDown: () => move(1),
        k: () => move(-1),
        ArrowUp: () => move(-1),
        "?": () => setHelp((shown) => !shown),
        Enter: () => (now.current >= 0 ? now.open(now.current) : undefined),
        a: () => (now.current >= 0 && now.assign ? now.assign(now.current) : undefined),
      };
      // Enter on a focused link or button is theirs (follow, press), not the row's.
      if (event.key === "Enter" && event.target instanceof HTMLElement && event.target.closest("a, button, [role=button]")) return;
      const action = handled[event.key];
      if (!action || (now.count === 0 && event.key !== "?")) return;
      event.preventDefault();
      action();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return { current, help, setHelp };
}

/** The help of the queue's keyboard: a dialog listing every shortcut; Escape or its button closes it. */
export function ShortcutHelp({ shown, onClose, assign }: { shown: boolean; onClose(): void; assign: boolean }) {
  const { t } = useTranslation("admin-orders");
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (shown) close.current?.focus();
  }, [shown]);
  if (!shown) return null;
  return (
    <div className="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4">
      <div role="dialog" aria-modal="true" aria-labelledby="queue-keys-title" className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl dark:bg-slate-900" data-testid="shortcut-help">
        <h2 id="queue-keys-title" className="mb-4 text-lg font-semibold">{t("keys.title")}</h2>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
          {QUEUE_SHORTCUTS.filter((shortcut) => assign || shortcut.action !== "assign").map((shortcut) => (
            <div key={shortcut.action} className="contents">
              <dt className="flex gap-1">
                {shortcut.keys.map((key) => (
                  <kbd key={key} className="rounded border border-slate-400 px-1.5 font-mono">{key}</kbd>
                ))}
              </dt>
              <dd>{t(`keys.${shortcut.action}`)}</dd>
            </div>
          ))}
        </dl>
        <button ref={close} type="button" className={`${compactSecondary} mt-6`} onClick={onClose}>{t("keys.close")}</button>
      </div>
    </div>
  );
}
