import { useEffect, useId, useRef, useState, type KeyboardEvent as ReactKeyboardEvent } from "react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import type { AdminSearchResult } from "../../../contract/admin-search";
import { useLocale } from "~/i18n/use-locale";
import { useApiData } from "~/lib/api/use-api-data";

/** How long typing pauses before the search is asked (one request per pause, not per key). */
const PAUSE_MS = 200;

const GROUPS = ["orders", "customers", "tickets"] as const;

const inputClass =
  "min-h-9 w-full rounded-md border border-slate-400 bg-white px-3 py-1.5 text-sm text-slate-900 dark:border-slate-600 dark:bg-slate-950 dark:text-slate-100";

interface Option {
  id: string;
  href: string;
  title: string;
  detail: string;
}

/** The answer as one list of options per group, in the order shown (null groups: the role does not see them). */
function optionsOf(data: AdminSearchResult | null, t: TFunction<["admin", "admin-orders"]>, prefix: string): Array<[(typeof GROUPS)[number], Option[]]> {
  if (!data) return [];
  const orders = data.orders.map((row) => ({
    id: `${prefix}-order-${row.number}`, href: row.href, title: row.number,
    detail: [t(`admin-orders:status.${row.status}`), row.customerName].filter(Boolean).join(" · "),
  }));
  const customers = (data.customers ?? []).map((row) => ({ id: `${prefix}-customer-${row.id}`, href: row.href, title: row.name || row.email, detail: row.email }));
  const tickets = (data.tickets ?? []).map((row) => ({ id: `${prefix}-ticket-${row.id}`, href: row.href, title: `${row.reference} · ${row.email}`, detail: row.excerpt }));
  return [["orders", orders], ["customers", customers], ["tickets", tickets]];
}

/** The popup under the box: a status line, then a listbox of the groups' options (chosen from the box by keyboard, or by a click). */
function Results({ id, label, status, groups, activeId, groupLabel, prefix, onChoose }: {
  id: string;
  label: string;
  status: string;
  groups: Array<[(typeof GROUPS)[number], Option[]]>;
  activeId: string | undefined;
  groupLabel(name: (typeof GROUPS)[number]): string;
  prefix: string;
  onChoose(option: Option): void;
}) {
  return (
    <div className="absolute z-20 mt-1 w-full rounded-md border border-slate-300 bg-white shadow-lg dark:border-slate-700 dark:bg-slate-950">
      <p className="px-3 py-2 text-xs text-slate-600 dark:text-slate-400" aria-hidden="true">{status}</p>
      <div id={id} role="listbox" aria-label={label} className="max-h-96 overflow-y-auto pb-2">
        {groups.map(([name, list]) => (
          // biome-ignore lint/a11y/useSemanticElements: a listbox's groups are role="group" (WAI-ARIA listbox pattern), not fieldsets
          <div key={name} role="group" aria-labelledby={`${prefix}-group-${name}`}>
            <p id={`${prefix}-group-${name}`} className="px-3 pt-2 text-xs font-semibold uppercase tracking-wide text-slate-600 dark:text-slate-400">
              {groupLabel(name)}
            </p>
            {list.map((option) => (
              // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's input handles the keys (aria-activedescendant)
              <div
                key={option.id}
                id={option.id}
                role="option"
                tabIndex={-1}
                aria-selected={option.id === activeId}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onChoose(option)}
                className={`cursor-pointer px-3 py-2 text-sm ${option.id === activeId ? "bg-indigo-100 dark:bg-indigo-950" : "hover:bg-slate-100 dark:hover:bg-slate-900"}`}
              >
                <span className="block font-medium">{option.title}</span>
                {option.detail ? <span className="block truncate text-xs text-slate-600 dark:text-slate-400">{option.detail}</span> : null}
              </div>
            ))}
          </div>
        ))}
      </div>
    </div>
  );
}

/** "/" (outside a field) or Ctrl+K / ⌘K anywhere: `focus` is called. */
function useShortcut(focus: () => void): void {
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      const typing = target !== null && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
      const slash = event.key === "/" && !typing && !event.ctrlKey && !event.metaKey && !event.altKey;
      if (slash || (event.key.toLowerCase() === "k" && (event.ctrlKey || event.metaKey))) {
        event.preventDefault();
        focus();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [focus]);
}

/**
 * The back office's global search (GET /api/admin/search): a combobox over a grouped listbox of orders, customers and
 * tickets, each opening its page. "/" or Ctrl+K focuses it from any page; arrows move, Enter opens, Escape closes.
 */
export function GlobalSearch() {
  const { t } = useTranslation(["admin", "admin-orders"]);
  const { to } = useLocale();
  const navigate = useNavigate();
  const prefix = useId().replace(/[^a-zA-Z0-9-]/g, "");
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState("");
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const focusRef = useRef(() => {
    input.current?.focus();
    input.current?.select();
    setOpen(true);
  });
  useShortcut(focusRef.current);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), PAUSE_MS);
    return () => clearTimeout(timer);
  }, [text]);
  const { data, failure, loading } = useApiData<AdminSearchResult>(query ? `/api/admin/search?q=${encodeURIComponent(query)}` : null);

  const groups = optionsOf(data, t, prefix).filter(([, options]) => options.length > 0);
  const options = groups.flatMap(([, list]) => list);
  const expanded = open && query !== "" && (data !== null || loading || failure !== null);
  const listId = `${prefix}-results`;
  const go = (option: Option | undefined) => {
    if (!option) return;
    setOpen(false);
    setText("");
    void navigate(to(option.href));
  };
  const onKeyDown = (event: ReactKeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown" || event.key === "ArrowUp") {
      event.preventDefault();
      setOpen(true);
      if (options.length > 0) setActive((index) => (index + (event.key === "ArrowDown" ? 1 : options.length - 1)) % options.length);
    } else if (event.key === "Enter" && expanded) {
      event.preventDefault();
      go(options[active]);
    } else if (event.key === "Escape") {
      if (expanded) setOpen(false);
      else setText("");
    }
  };
  const status = loading && !data ? t("search.searching") : failure ? t("search.failed") : options.length === 0 ? t("search.none", { q: query }) : t("search.count", { count: options.length });

  return (
    <div className="relative" data-testid="admin-search">
      <label htmlFor={`${prefix}-input`} className="sr-only">{t("search.label")}</label>
      <input
        id={`${prefix}-input`}
        ref={input}
        type="search"
        role="combobox"
        autoComplete="off"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded && options[active] ? options[active].id : undefined}
        aria-describedby={`${prefix}-hint`}
        aria-keyshortcuts="/ Control+K"
        placeholder={t("search.placeholder")}
        title={t("search.open")}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={onKeyDown}
        className={inputClass}
      />
      <p id={`${prefix}-hint`} className="sr-only">{t("search.hint")}</p>
      <p role="status" className="sr-only">{expanded ? status : ""}</p>
      {expanded ? <Results id={listId} label={t("search.label")} status={status} groups={groups} activeId={options[active]?.id} groupLabel={(name) => t(`search.groups.${name}`)} prefix={prefix} onChoose={go} /> : null}
    </div>
  );
}
