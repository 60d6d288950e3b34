import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { StaffFileLink } from "../../../contract/order-lifecycle";
import { useLocale } from "~/i18n/use-locale";
import { api, apiUrl } from "~/lib/api/client";

/** Asks the API for a short-lived signed link to a delivered file (it opens without the bearer token a tab keeps). */
export async function staffFileLink(orderRef: string, fileId: string): Promise<string> {
  const link = await api<StaffFileLink>(`/api/admin/orders/${encodeURIComponent(orderRef)}/files/${encodeURIComponent(fileId)}/link`, { method: "POST" });
  return apiUrl(link.path);
}

/**
 * The page behind a delivered file's link (admin/orders/:number/files/:fileId), for a tab opened by a middle-click,
 * "open in new tab" or a bookmark: once this tab has the staff member's sign-in, it asks for the file's signed link and
 * replaces itself with the file (a PDF or an image shown, anything else saved).
 */
export function StaffFileOpener({ number, fileId }: { number: string; fileId: string }) {
  const { t } = useTranslation("admin-orders");
  const { to } = useLocale();
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    staffFileLink(number, fileId).then(
      (url) => current && window.location.replace(url),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [number, fileId]);

  if (!failed) return <p role="status">{t("files.opening")}</p>;
  return (
    <div className="space-y-2">
      <p role="alert" className="text-red-800 dark:text-red-300">
        {t("files.failed")}
      </p>
      <Link to={to(`/admin/orders/${number}`)} className="text-indigo-700 underline dark:text-indigo-300">
        {t("files.backToOrder")}
      </Link>
    </div>
  );
}
