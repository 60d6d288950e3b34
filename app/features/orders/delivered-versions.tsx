import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import type { OrderVersion } from "../../../contract/order-lifecycle";
import { formatDateTime } from "~/lib/format-date";
import { DownloadButton } from "./download-button";

/**
 * Delivered versions, newest first, each with its note and every file to download; numbered 1, 2, … in the order they
 * came, within what is shown (a deliverable's own versions, or an older order's versions delivered as a whole).
 */
export function DeliveredVersions({
  orderId,
  versions,
  heading,
  level,
  locale,
}: {
  orderId: string;
  versions: readonly OrderVersion[];
  heading: string;
  level: "h3" | "h4";
  locale: Locale;
}) {
  const { t } = useTranslation("orders");
  const Heading = level;
  const numbered = [...versions]
    .sort((a, b) => a.number - b.number)
    .map((version, index) => ({ version, position: index + 1 }));
  return (
    <div className="space-y-2">
      <Heading className="font-semibold">{heading}</Heading>
      {versions.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">{t("versions.none")}</p>
      ) : null}
      <ol className="space-y-3" hidden={versions.length === 0}>
        {numbered.reverse().map(({ version, position }) => (
          <li
            key={version.number}
            className="rounded-lg border border-slate-300 p-3 dark:border-slate-800"
            data-testid={`version-${position}`}
          >
            <p className="font-medium">
              {t("versions.version", { number: position, date: formatDateTime(version.createdAt, locale) })}
            </p>
            {version.note ? <p className="mt-1 whitespace-pre-line text-sm">{version.note}</p> : null}
            <ul className="mt-2 flex flex-wrap gap-2">
              {version.files.map((file) => (
                <li key={file.id}>
                  <DownloadButton
                    path={`/api/orders/${encodeURIComponent(orderId)}/files/${file.id}`}
                    fileName={file.fileName}
                    label={file.fileName}
                  />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </div>
  );
}
