import { useEffect, useId, useRef, type ReactNode } from "react";

export interface ConfirmDialogProps {
  /** Shown (as a modal) while true. */
  open: boolean;
  /** The question, naming what changes and for whom. */
  title: string;
  /** What confirming does, and any choice it needs (a select, a list). */
  children: ReactNode;
  confirmLabel: string;
  cancelLabel: string;
  onConfirm(): void;
  onCancel(): void;
  busy?: boolean;
  /** The reason the last confirmation failed, shown inside the dialog. */
  error?: string | null;
  testId?: string;
}

/**
 * A modal question before a change that is hard to undo (a role, a deactivation): a native <dialog> named by its
 * title and described by its text, the safe choice (cancel) focused first; Escape cancels.
 */
export function ConfirmDialog({ open, title, children, confirmLabel, cancelLabel, onConfirm, onCancel, busy = false, error, testId }: ConfirmDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const id = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      element.showModal();
      cancel.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[min(32rem,calc(100%-2rem))] rounded-lg border border-slate-300 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-950/60 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      {open ? (
        <>
          <h2 id={`${id}-title`} className="text-xl font-semibold">
            {title}
          </h2>
          <div id={`${id}-text`} className="mt-2 space-y-3">
            {children}
          </div>
          {error ? (
            <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
              {error}
            </p>
          ) : null}
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="primary-button" onClick={onConfirm} disabled={busy} aria-busy={busy}>
              {confirmLabel}
            </button>
            <button ref={cancel} type="button" className="secondary-button" onClick={onCancel} disabled={busy}>
              {cancelLabel}
            </button>
          </div>
        </>
      ) : null}
    </dialog>
  );
}
