// Stands in for "react-i18next" in the browser build only (vite.config.ts, browserTranslation): the provider, the
// hook and <Trans> over app/i18n/browser/browser-i18n.ts, without i18next (issue 27). The server renders with the
// package itself; app/i18n/browser/react-i18next.test.tsx checks that both give the same markup.
import { createContext, type ReactElement, type ReactNode, useContext, useMemo } from "react";
import type { BrowserI18n, BrowserT } from "./browser-i18n";
import { transNodes } from "./trans-nodes";

export const I18nContext = createContext<{ i18n: BrowserI18n } | undefined>(undefined);

export function I18nextProvider({ i18n, children }: { i18n: BrowserI18n; children?: ReactNode }) {
  const value = useMemo(() => ({ i18n }), [i18n]);
  return <I18nContext.Provider value={value}>{children}</I18nContext.Provider>;
}

/** Without a provider every key reads as itself (as the package does before i18next is ready). */
const keyItself: BrowserT = (key) => key;

/** A list of namespaces reads from its first, as the package's hook does (its default `nsMode`). */
export function useTranslation(ns?: string | readonly string[]): { t: BrowserT; i18n: BrowserI18n | undefined; ready: boolean } {
  const i18n = useContext(I18nContext)?.i18n;
  const first = typeof ns === "string" ? ns : ns?.[0];
  return { t: i18n ? i18n.getFixedT(null, first) : keyItself, i18n, ready: i18n !== undefined };
}

/** `<Trans t={t} i18nKey="…" components={{ name: <Link /> }} />`: the message's `<name>…</name>` become those elements. */
export function Trans({
  t,
  i18nKey,
  values,
  components = {},
}: {
  t?: BrowserT;
  i18nKey: string;
  values?: Record<string, unknown>;
  components?: Record<string, ReactElement>;
}) {
  const { t: fromContext } = useTranslation();
  return <>{transNodes((t ?? fromContext)(i18nKey, values), components)}</>;
}
