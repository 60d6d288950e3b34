import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import type { Notification, NotificationCount, NotificationList } from "../../../contract/notifications";
import { LoadState } from "~/components/ui/load-state";
import { SubmitErrorAlert } from "~/components/ui/submit-error-alert";
import { useApiSubmit } from "~/components/ui/use-api-submit";
import { useLocale } from "~/i18n/use-locale";
import { api } from "~/lib/api/client";
import { useApiData } from "~/lib/api/use-api-data";
import { formatDateTime } from "~/lib/format-date";
import { useProductName } from "~/lib/product-name";
import { notificationsChanged } from "./notification-count";

const smallButton =
  "rounded-md border border-slate-400 px-3 py-1.5 text-sm hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-500 disabled:opacity-60 dark:border-slate-600 dark:hover:bg-slate-900";

/** Where a notification leads: its order's page, or its ticket's. */
function pathOf(item: Notification): string {
  if (item.ticketId) return `/admin/support/${encodeURIComponent(item.ticketId)}`;
  return item.orderNumber ? `/admin/orders/${encodeURIComponent(item.orderNumber)}` : "/admin/notifications";
}

/** "SC-000042", "SC-000042 · Article Forge" or "T-5A8E837D". */
function useSubject(): (item: Notification) => string {
  const productName = useProductName();
  return (item) => {
    if (item.ticketReference) return item.ticketReference;
    const number = item.orderNumber ?? "";
    return item.productId ? `${number} · ${productName(item.productId)}` : number;
  };
}

function Row({ item, onRead }: { item: Notification; onRead(id: string): void }) {
  const { t } = useTranslation("admin");
  const { locale, to } = useLocale();
  const subject = useSubject();
  const unread = item.readAt === null;
  return (
    <li className={`flex flex-wrap items-center gap-3 border-b border-slate-200 py-3 dark:border-slate-800 ${unread ? "font-semibold" : ""}`} data-testid="notification" data-unread={unread}>
      <div className="min-w-0 flex-1">
        <Link to={to(pathOf(item))} onClick={() => unread && onRead(item.id)} className="text-indigo-700 underline dark:text-indigo-300">
          {t(`notifications.kinds.${item.kind}`, { subject: subject(item) })}
        </Link>
        <div className="text-sm font-normal text-slate-600 dark:text-slate-400">
          {formatDateTime(item.createdAt, locale)}
          {unread ? ` · ${t("notifications.unread")}` : ""}
        </div>
      </div>
      {unread ? (
        <button type="button" className={smallButton} onClick={() => onRead(item.id)}>
          {t("notifications.markRead")}
        </button>
      ) : null}
    </li>
  );
}

/** The signed-in person's notifications, newest first, each leading to its order or ticket; mark one or all read. */
export function NotificationsPage() {
  const { t } = useTranslation("admin");
  const { to } = useLocale();
  const list = useApiData<NotificationList>("/api/admin/notifications?limit=100");
  const form = useApiSubmit();
  const [busy, setBusy] = useState(false);
  const markRead = (id: string) =>
    void form.run(async () => {
      const answer = await api<NotificationCount>(`/api/admin/notifications/${encodeURIComponent(id)}/read`, { method: "POST" });
      notificationsChanged(answer.unread);
      list.reload();
    });
  const markAll = () => {
    setBusy(true);
    void form
      .run(async () => {
        const answer = await api<NotificationCount>("/api/admin/notifications/read-all", { method: "POST" });
        notificationsChanged(answer.unread);
        list.reload();
      })
      .finally(() => setBusy(false));
  };
  const items = list.data?.items ?? [];
  return (
    <section data-testid="notifications-page">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-semibold tracking-tight">{t("notifications.title")}</h1>
        <div className="flex gap-2">
          <button type="button" className={smallButton} onClick={markAll} disabled={busy || !list.data?.unread}>
            {t("notifications.markAllRead")}
          </button>
          <Link to={to("/admin/notifications/settings")} className={smallButton}>
            {t("notifications.settings.link")}
          </Link>
        </div>
      </div>
      <SubmitErrorAlert state={form} />
      <LoadState loading={list.loading && !list.data} failure={list.failure} onRetry={list.reload} loadingText={t("notifications.loading")} retryText={t("notifications.retry")}>
        <p className="mb-2 text-sm text-slate-700 dark:text-slate-300" role="status">
          {t("notifications.unreadCount", { count: list.data?.unread ?? 0 })}
        </p>
        {items.length === 0 ? (
          <p>{t("notifications.empty")}</p>
        ) : (
          <ul>
            {items.map((item) => (
              <Row key={item.id} item={item} onRead={markRead} />
            ))}
          </ul>
        )}
      </LoadState>
    </section>
  );
}
