import { useTranslation } from "react-i18next";
import type { Locale } from "../../../common/locales";
import type { Deliverable } from "../../../contract/order-lifecycle";
import { formatDateTime } from "~/lib/format-date";
import { type StepState, type TrackerNote, trackerOf } from "./deliverable-tracker";

const STEP_LOOK: Record<StepState, { mark: string; className: string }> = {
  done: { mark: "✓", className: "border-emerald-600 text-emerald-800 dark:text-emerald-300" },
  current: { mark: "●", className: "border-indigo-600 font-semibold text-indigo-800 dark:text-indigo-300" },
  upcoming: { mark: "○", className: "border-slate-400 text-slate-600 dark:text-slate-400" },
  skipped: { mark: "–", className: "border-slate-400 text-slate-600 line-through dark:text-slate-400" },
};

function NoteText({ note, locale, money }: { note: TrackerNote; locale: Locale; money(major: number): string }) {
  const { t } = useTranslation("orders");
  if (note.kind === "paused") return t("deliverables.tracker.paused");
  if (note.kind === "revision") {
    return t("deliverables.tracker.revision", {
      round: note.round,
      rounds: note.rounds,
      date: formatDateTime(note.dueAt, locale),
    });
  }
  return note.refunded > 0
    ? t("deliverables.tracker.cancelled", { refunded: money(note.refunded) })
    : t("deliverables.tracker.cancelledNoRefund");
}

/** paid → in progress → delivered → completed for one deliverable, with what holds it (a question, a revision, a cancellation). */
export function ProgressTracker({
  deliverable,
  service,
  locale,
  money,
}: {
  deliverable: Deliverable;
  service: string;
  locale: Locale;
  money(major: number): string;
}) {
  const { t } = useTranslation("orders");
  const tracker = trackerOf(deliverable);
  return (
    <div className="space-y-1">
      <ol
        aria-label={t("deliverables.tracker.label", { service })}
        className="flex flex-wrap gap-2 text-sm"
        data-testid="tracker"
      >
        {tracker.steps.map(({ step, state }) => (
          <li
            key={step}
            aria-current={state === "current" ? "step" : undefined}
            data-state={state}
            className={`rounded-full border px-3 py-0.5 ${STEP_LOOK[state].className}`}
          >
            <span aria-hidden="true">{STEP_LOOK[state].mark}</span> {t(`deliverables.tracker.step.${step}`)}{" "}
            <span className="sr-only">{t(`deliverables.tracker.state.${state}`)}</span>
          </li>
        ))}
      </ol>
      {tracker.note ? (
        <p className="text-sm font-medium" data-testid="tracker-note">
          <NoteText note={tracker.note} locale={locale} money={money} />
        </p>
      ) : null}
    </div>
  );
}
