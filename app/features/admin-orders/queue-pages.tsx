import { useTranslation } from "react-i18next";
import { Link } from "react-router";

const linkClass = "inline-flex min-h-9 min-w-9 items-center justify-center rounded-md border border-slate-400 px-2 text-sm hover:bg-slate-100 dark:hover:bg-slate-900";

/** The page numbers around page `page`: the first, two before, this one, and the next when there is one. */
export function pageNumbers(page: number, hasNext: boolean): Array<number | "gap"> {
  const numbers: Array<number | "gap"> = [1];
  if (page - 2 > 2) numbers.push("gap");
  for (let n = Math.max(2, page - 2); n <= page + (hasNext ? 1 : 0); n++) numbers.push(n);
  return numbers;
}

/** Page links under the queue: previous, the numbers, next; the page shown is marked as the current one. */
export function QueuePages({ page, hasNext, search, path }: { page: number; hasNext: boolean; search: URLSearchParams; path: string }) {
  const { t } = useTranslation("admin-orders");
  if (page === 1 && !hasNext) return null;
  const at = (n: number) => {
    const next = new URLSearchParams(search);
    next.delete("cursor");
    if (n === 1) next.delete("page");
    else next.set("page", String(n));
    const query = next.toString();
    return query ? `${path}?${query}` : path;
  };
  return (
    <nav aria-label={t("queue.pages")} className="flex flex-wrap items-center gap-1" data-testid="queue-pages">
      {page > 1 ? <Link to={at(page - 1)} className={linkClass} rel="prev">{t("queue.previousPage")}</Link> : null}
      {pageNumbers(page, hasNext).map((n) =>
        n === "gap" ? (
          <span key="gap" aria-hidden="true" className="px-1">…</span>
        ) : n === page ? (
          <span key={n} aria-current="page" className={`${linkClass} bg-slate-200 font-semibold dark:bg-slate-800`}>
            <span className="sr-only">{t("queue.pageLabel", { page: n })}</span>
            <span aria-hidden="true">{n}</span>
          </span>
        ) : (
          <Link key={n} to={at(n)} className={linkClass} aria-label={t("queue.pageLabel", { page: n })}>{n}</Link>
        ),
      )}
      {hasNext ? <Link to={at(page + 1)} className={linkClass} rel="next">{t("queue.nextPage")}</Link> : null}
    </nav>
  );
}
