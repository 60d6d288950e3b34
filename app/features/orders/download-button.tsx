import { useTranslation } from "react-i18next";
import { FileButton } from "~/components/ui/file-button";

/** A file of the order (`path`, an API path), named for assistive technology by its file name. */
export function DownloadButton({ path, fileName, label }: { path: string; fileName: string; label?: string }) {
  const { t } = useTranslation("orders");
  return (
    <FileButton path={path} label={t("downloadFile", { fileName })}>
      {label ?? t("download")}
    </FileButton>
  );
}
