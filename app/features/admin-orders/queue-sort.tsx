import type { ReactNode } from "react";
import { Link } from "react-router";
import { QUEUE_SORTS, type QueueSort } from "../../../contract/admin-orders";
import type { Column } from "~/components/ui/data-table";

/** The queue's column ids that sort, and the API's name for each (the total column sorts by `price`). */
const SORT_OF: Record<string, QueueSort> = { number: "number", customer: "customer", service: "service", status: "status", due: "due", total: "price", writer: "writer" };

/** The sort the URL asks for (`sort`, `dir`; `sort=-due` is the due date, latest first); the due date, soonest first, by default. */
export function sortOf(search: URLSearchParams): { sort: QueueSort; dir: "asc" | "desc" } {
  const asked = search.get("sort") ?? "due";
  if (asked === "-due") return { sort: "due", dir: search.get("dir") === "asc" ? "asc" : "desc" };
  const sort = (QUEUE_SORTS as readonly string[]).includes(asked) ? (asked as QueueSort) : "due";
  return { sort, dir: search.get("dir") === "desc" ? "desc" : "asc" };
}

/** The URL parameters that sort by `sort`: the other way round when it is the sort already; back to page 1. */
function sortedBy(search: URLSearchParams, sort: QueueSort): URLSearchParams {
  const now = sortOf(search);
  const next = new URLSearchParams(search);
  next.delete("page");
  next.delete("cursor");
  next.set("sort", sort);
  next.set("dir", now.sort === sort && now.dir === "asc" ? "desc" : "asc");
  return next;
}

function SortLink({ to, label, state }: { to: string; label: ReactNode; state: "ascending" | "descending" | "none" }) {
  return (
    <Link to={to} className="inline-flex items-center gap-1 underline-offset-2 hover:underline" data-testid="sort-link">
      {label}
      <span aria-hidden="true" className={state === "none" ? "text-slate-400" : ""}>
        {state === "ascending" ? "▲" : state === "descending" ? "▼" : "↕"}
      </span>
    </Link>
  );
}

/** The queue's columns with a sorting link in each sortable header and its `aria-sort`. */
export function sortable<Row>(columns: Array<Column<Row>>, search: URLSearchParams, path: string): Array<Column<Row>> {
  const now = sortOf(search);
  return columns.map((column) => {
    const sort = SORT_OF[column.id];
    if (!sort) return column;
    const state = now.sort === sort ? (now.dir === "asc" ? "ascending" : "descending") : "none";
    return { ...column, sort: state, header: <SortLink to={`${path}?${sortedBy(search, sort)}`} label={column.header} state={state} /> };
  });
}
