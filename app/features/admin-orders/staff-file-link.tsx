import { type MouseEvent, useState } from "react";
import { useTranslation } from "react-i18next";
import type { OrderFile } from "../../../contract/order-lifecycle";
import { intlLocale, type Locale } from "../../../common/locales";
import { useLocale } from "~/i18n/use-locale";
import { apiDownload } from "~/lib/api/client";
import { saveApiFile } from "~/lib/api/save-file";

/** What the server sends inline (server/modules/orders/result-download.ts): a browser shows these in a tab. */
const PREVIEWED = ["application/pdf", "image/png", "image/jpeg"];

/** A file size as the page's language writes it: 980 bytes, 12 kB, 3.4 MB (3,4 MB in Spanish). */
export function formatFileSize(bytes: number, locale: Locale): string {
  const [value, unit] = bytes >= 1024 * 1024 ? [bytes / 1024 / 1024, "megabyte"] : bytes >= 1024 ? [bytes / 1024, "kilobyte"] : [bytes, "byte"];
  // Bytes in words ("70 bytes"): the short form is "70 byte" in English.
  const unitDisplay = unit === "byte" ? "long" : "short";
  return new Intl.NumberFormat(intlLocale(locale), { style: "unit", unit, unitDisplay, maximumFractionDigits: 1 }).format(value);
}

/**
 * One delivered file on the staff order page: its name as a link, and its size. Staff tokens live in browser storage,
 * so a click fetches the file with them: a PDF or an image opens in a new tab (a preview), anything else is saved
 * under its own name. The link itself goes to a back-office page (staff-file-opener.tsx) that a tab opened without
 * this click (a middle-click, Ctrl-click, "open in new tab") loads, signed in like any tab, and that opens the file
 * through a short-lived signed link: the file's API address would answer 401 there, without the token.
 */
export function StaffFileLink({ orderId, orderNumber, file }: { orderId: string; orderNumber: string; file: OrderFile }) {
  const { t } = useTranslation("admin-orders");
  const { locale, to } = useLocale();
  const [failed, setFailed] = useState(false);
  const path = `/api/admin/orders/${encodeURIComponent(orderId)}/files/${encodeURIComponent(file.id)}`;
  const page = to(`/admin/orders/${encodeURIComponent(orderNumber)}/files/${encodeURIComponent(file.id)}`);
  const preview = PREVIEWED.includes(file.contentType.split(";")[0]?.trim() ?? "");

  async function open(event: MouseEvent<HTMLAnchorElement>) {
    // Ctrl-, Cmd- or Shift-click: the browser opens the link's page in a new tab or window, as asked.
    if (event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    setFailed(false);
    // The tab opens on the click itself (no popup blocker stops it) and shows the file once it has come.
    const tab = preview ? window.open("", "_blank") : null;
    try {
      if (!preview) return await saveApiFile(path);
      const url = URL.createObjectURL((await apiDownload(path)).blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
    } catch {
      tab?.close();
      setFailed(true);
    }
  }

  return (
    <span data-testid="staff-file">
      <a href={page} onClick={(event) => void open(event)} className="text-indigo-700 underline dark:text-indigo-300">
        {file.fileName}
      </a>
      <span className="text-slate-600 tabular-nums dark:text-slate-400">
        {" · "}
        {formatFileSize(file.size, locale)} · {preview ? t("files.preview") : t("files.download")}
      </span>
      {failed ? (
        <span role="alert" className="block text-red-800 dark:text-red-300">
          {t("files.failed")}
        </span>
      ) : null}
    </span>
  );
}
