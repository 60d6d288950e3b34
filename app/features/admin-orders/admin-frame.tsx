import type { ReactNode } from "react";

/** A back-office order screen inside the admin shell (routes/admin.tsx: access by role, menu, <main>): its heading and content. */
export function AdminFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="w-full">
      <h1 className="mb-3 text-2xl font-semibold tracking-tight">{title}</h1>
      {children}
    </div>
  );
}

/** The states every screen shows the same way: loading, failed (with what the server said), empty. */
export function Loading({ label }: { label: string }) {
  return (
    <div role="status" aria-busy="true" className="animate-pulse space-y-3" data-testid="admin-loading">
      <span className="sr-only">{label}</span>
      <div className="h-6 w-1/3 rounded bg-slate-200 dark:bg-slate-800" />
      <div className="h-24 rounded bg-slate-200 dark:bg-slate-800" />
    </div>
  );
}

export const buttonClass =
  "inline-flex min-h-11 items-center justify-center rounded-md px-4 py-2 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";
export const primaryButton = `${buttonClass} bg-indigo-700 text-white hover:bg-indigo-800`;
export const secondaryButton = `${buttonClass} border border-slate-400 text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-900`;
export const dangerButton = `${buttonClass} bg-red-700 text-white hover:bg-red-800`;
export const inputClass =
  "min-h-11 w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

/** The queue's denser controls: more rows in view on a laptop (issue 26, point 6). */
export const compactButtonClass =
  "inline-flex min-h-9 items-center justify-center rounded-md px-3 py-1 text-sm font-medium focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:opacity-60";
export const compactPrimary = `${compactButtonClass} bg-indigo-700 text-white hover:bg-indigo-800`;
export const compactSecondary = `${compactButtonClass} border border-slate-400 text-slate-900 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-900`;
export const compactInput =
  "min-h-9 w-full rounded-md border border-slate-400 bg-white px-2 py-1 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";
