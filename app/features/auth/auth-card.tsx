import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/** The frame of every sign-in, sign-up and password page: a heading and a narrow column. */
export function AuthCard({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation("common");
  return (
    <main className="mx-auto w-full max-w-md px-4 py-12">
      <title>{`${title} — ${t("brand")}`}</title>
      <h1 className="mb-6 text-3xl font-semibold tracking-tight">{title}</h1>
      {children}
    </main>
  );
}
