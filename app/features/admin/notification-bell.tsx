import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { useLocale } from "~/i18n/use-locale";
import { useUnreadCount } from "./notification-count";

/** The bell at the top of the back office's menu: the person's unread notifications, linking to the list. */
export function NotificationBell() {
  const { t } = useTranslation("admin");
  const { to } = useLocale();
  const location = useLocation();
  const unread = useUnreadCount(location.pathname);
  return (
    <Link
      to={to("/admin/notifications")}
      data-testid="notification-bell"
      className="mb-2 inline-flex items-center gap-2 rounded-md px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-300 dark:hover:bg-slate-900 dark:hover:text-white"
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
        <path d="M18 8a6 6 0 1 0-12 0c0 7-3 9-3 9h18s-3-2-3-9" />
        <path d="M13.7 21a2 2 0 0 1-3.4 0" />
      </svg>
      <span>{t("notifications.title")}</span>
      {unread ? (
        <>
          <span data-testid="notification-count" aria-hidden="true" className="rounded-full bg-red-700 px-2 py-0.5 text-xs font-semibold text-white">
            {unread}
          </span>
          <span className="sr-only">{t("notifications.bellUnread", { count: unread })}</span>
        </>
      ) : null}
    </Link>
  );
}
