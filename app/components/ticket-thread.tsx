import type { TicketMessage } from "../../contract/admin-support";
import type { Locale } from "../../common/locales";
import { formatDateTime } from "~/lib/format-date";

/** A support ticket's conversation, oldest first; `authorLabel` names each side for the page's reader. */
export function TicketThread({ messages, locale, authorLabel, caption }: {
  messages: readonly TicketMessage[];
  locale: Locale;
  authorLabel(message: TicketMessage): string;
  caption: string;
}) {
  return (
    <section aria-label={caption}>
      <ol className="space-y-3" data-testid="ticket-thread">
        {messages.map((message) => (
          <li
            key={message.id}
            data-author={message.author}
            className={`rounded-md border px-4 py-3 ${message.author === "staff" ? "border-indigo-300 bg-indigo-50 dark:border-indigo-800 dark:bg-indigo-950" : "border-slate-300 dark:border-slate-700"}`}
          >
            <p className="mb-1 text-sm text-slate-700 dark:text-slate-300">
              <span className="font-medium">{authorLabel(message)}</span> · <time dateTime={message.createdAt}>{formatDateTime(message.createdAt, locale)}</time>
            </p>
            <p className="whitespace-pre-line">{message.body}</p>
          </li>
        ))}
      </ol>
    </section>
  );
}
