import "~/i18n/back-office-ready";
import { useTranslation } from "react-i18next";
import { useOutlet } from "react-router";
import { AdminShell } from "~/features/admin/admin-shell";
import { AdminTitle } from "~/lib/admin-title";

/** The back office layout for /admin/* and /es/admin/*: the shell with its menu by role; the page inside is the outlet. */
export default function AdminLayout() {
  const { t } = useTranslation("admin");
  const { t: tCommon } = useTranslation("common");
  const outlet = useOutlet();
  return (
    <AdminTitle fallback={t("title")} brand={tCommon("brand")}>
      <meta name="robots" content="noindex" />
      <AdminShell>{outlet}</AdminShell>
    </AdminTitle>
  );
}
