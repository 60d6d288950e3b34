import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { errorText } from "~/lib/error-text";
import { LoadState } from "./load-state";
import { SubmitButton } from "./submit-button";

export interface Column<Row> {
  /** Stable name of the column (React key). */
  id: string;
  header: ReactNode;
  cell(row: Row): ReactNode;
  /** "end": numbers and amounts, right-aligned. */
  align?: "end";
  /** More classes of the column's cells (`whitespace-nowrap`, `break-all`, `font-mono`…). */
  className?: string;
  /** A sortable column's state, as its header's `aria-sort` says it (the header holds the control that sorts). */
  sort?: "ascending" | "descending" | "none";
}

export interface DataTableProps<Row> {
  /** What the table lists, for screen readers (the visible heading is the page's). */
  caption: string;
  columns: ReadonlyArray<Column<Row>>;
  /** The rows; null while the first answer is on its way. */
  rows: readonly Row[] | null;
  rowKey(row: Row): string;
  /** What shows instead of the table when there is no row. */
  empty: ReactNode;
  testId?: string;
  emptyTestId?: string;
  rowTestId?(row: Row): string | undefined;
  /** Loading and failure of the rows (from useApiData): a spinner, or why it failed with "try again". */
  load?: { loading: boolean; failure: unknown; onRetry(): void; loadingText?: string };
  /** "Load more" under the table: the next keyset page appended (useApiPages). */
  more?: { label: string; busy: boolean; failure: unknown; onMore: (() => void) | null };
  /** Page links under the table (keyset pages in the URL). */
  pages?: { label: string; links: ReadonlyArray<{ to: string; label: string }>; className: string };
  /** Classes of the table itself, e.g. a minimum width before it scrolls. */
  className?: string;
  /** Tighter rows of one line each (the back office's queue: more rows in view); a narrow screen scrolls the table. */
  dense?: boolean;
  /** Props of each row (`aria-current`, a class) beside its test id: the keyboard's current row. */
  rowProps?(row: Row): { className?: string; "aria-current"?: "true"; "data-current"?: boolean };
}

const cellClass = (column: { align?: "end"; className?: string }, dense?: boolean) => [dense ? "whitespace-nowrap py-1 pr-3 last:pr-0" : "py-2 pr-3 last:pr-0", column.align === "end" ? "text-right tabular-nums" : "", column.className ?? ""].join(" ").trim();

function Table<Row>({ caption, columns, rows, rowKey, testId, rowTestId, rowProps, className, dense }: DataTableProps<Row> & { rows: readonly Row[] }) {
  return (
    <div className="overflow-x-auto">
      <table className={`w-full text-left text-sm ${className ?? ""}`.trim()} data-testid={testId}>
        <caption className="sr-only">{caption}</caption>
        <thead className="text-slate-600 dark:text-slate-400">
          <tr>
            {columns.map((column) => (
              <th key={column.id} scope="col" aria-sort={column.sort} className={`${dense ? "py-1" : "py-2"} pr-3 font-medium last:pr-0 ${column.align === "end" ? "text-right" : ""}`.trim()}>
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => {
            const { className: rowClass, ...more } = rowProps?.(row) ?? {};
            return (
            <tr key={rowKey(row)} className={`border-t border-slate-300 align-top dark:border-slate-800 ${rowClass ?? ""}`.trim()} data-testid={rowTestId?.(row)} {...more}>
              {columns.map((column) => (
                <td key={column.id} className={cellClass(column, dense)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The one table of the app: a caption for screen readers, column headers, one row per item, an empty state, the
 * loading and failed states of its data, and paging ("load more" or page links).
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const { t } = useTranslation("common");
  const { t: tErrors } = useTranslation("errors");
  const { rows, empty, emptyTestId, load, more, pages } = props;
  const body =
    rows === null ? null : rows.length === 0 ? (
      <p className="rounded-md border border-dashed border-slate-400 p-6 text-center dark:border-slate-600" data-testid={emptyTestId}>
        {empty}
      </p>
    ) : (
      <Table {...props} rows={rows} />
    );
  const links = pages?.links ?? [];
  return (
    <div className="space-y-4">
      {load ? (
        <LoadState loading={load.loading} failure={load.failure} onRetry={load.onRetry} loadingText={load.loadingText ?? t("table.loading")} retryText={t("table.retry")}>
          {body}
        </LoadState>
      ) : (
        body
      )}
      {more?.failure ? (
        <p role="alert" className="text-red-800 dark:text-red-200">
          {errorText(more.failure, tErrors)}
        </p>
      ) : null}
      {more?.onMore ? (
        <SubmitButton type="button" busy={more.busy} onClick={more.onMore}>
          {more.label}
        </SubmitButton>
      ) : null}
      {pages && links.length > 0 ? (
        <nav aria-label={pages.label} className="flex gap-2">
          {links.map((link) => (
            <Link key={link.to} to={link.to} className={pages.className}>
              {link.label}
            </Link>
          ))}
        </nav>
      ) : null}
    </div>
  );
}
