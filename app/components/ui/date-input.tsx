import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { dayMonthYearToIso, isoToDayMonthYear } from "./date-text";

/**
 * A date field in the page's language's format (dd/mm/yyyy, dd/mm/aaaa), never the browser's: the person types
 * the text, the form sends `name` as ISO `YYYY-MM-DD` (a hidden input), "" while empty or not a date.
 */
export function DateInput({ name, label, defaultValue, className, compact = false }: { name: string; label: string; defaultValue: string; className: string; compact?: boolean }) {
  const { t } = useTranslation("common");
  const id = useId();
  const [text, setText] = useState(isoToDayMonthYear(defaultValue));
  const iso = dayMonthYearToIso(text);
  const invalid = text.trim() !== "" && iso === null;
  return (
    <label className={compact ? "block text-xs" : "block text-sm"} htmlFor={id}>
      <span className={compact ? "mb-0.5 block font-medium" : "mb-1 block font-medium"}>{label}</span>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="off"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t("dateField.placeholder")}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        className={className}
        data-testid={`date-${name}`}
      />
      <input type="hidden" name={name} value={iso ?? ""} />
      {invalid ? (
        <span id={`${id}-error`} className="mt-1 block text-xs text-red-800 dark:text-red-300">
          {t("dateField.invalid")}
        </span>
      ) : null}
    </label>
  );
}
