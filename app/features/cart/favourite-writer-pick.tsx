import { useTranslation } from "react-i18next";
import type { FavouriteWriter } from "../../../contract/favourite-writers";
import { SelectField } from "~/components/ui/select-field";

/**
 * The writer you liked (issue 28): on a cart line, one of the buyer's favourite writers to ask for (by display name),
 * or none. Shown only to a buyer who has favourites.
 */
export function FavouriteWriterPick({
  writers,
  value,
  onChange,
  error,
  disabled,
  lineName,
}: {
  writers: readonly FavouriteWriter[];
  value: string | undefined;
  onChange(writerId: string | undefined): void;
  error?: string;
  disabled: boolean;
  lineName: string;
}) {
  const { t } = useTranslation("cart");
  if (writers.length === 0) return null;
  return (
    <div className="mb-4 max-w-md" data-testid="favourite-writer-pick">
      <SelectField
        label={t("writer.label", { name: lineName })}
        hint={t("writer.hint")}
        placeholder={t("writer.none")}
        options={writers.map((writer) => ({ value: writer.writerId, label: writer.displayName }))}
        value={value ?? ""}
        onChange={(event) => onChange(event.target.value || undefined)}
        error={error}
        disabled={disabled}
      />
    </div>
  );
}
