import { useEffect, useId, useLayoutEffect, useRef, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { errorHeadline, type FieldPlace, summaryLine } from "~/lib/error-text";
import type { SubmitState } from "./use-api-submit";

const noFieldErrors: SubmitState["fieldErrors"] = {};

type ControlElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

interface SummaryEntry {
  name: string;
  /** The control's id, for the link; null when no control of the form has that name. */
  id: string | null;
  /** Where its field is on the page, or null when there is no field to name. */
  place: FieldPlace | null;
  message: string;
}

// useLayoutEffect warns during server rendering; the summary's links are only worked out in the browser.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

function text(element: Element | null | undefined): string {
  return element?.textContent?.replace(/\s+/g, " ").replace(/\s*\*$/, "").trim() ?? "";
}

/**
 * Where a control is for a reader of the summary: its label, and the headings of the groups around it (a cart line's
 * heading, a bundle's "Brief for …" legend, the billing legend), outermost first, so eighteen "Topic" fields of three
 * briefs stay apart. A page section's heading ("Items (2)") is left out: it names no place of its own.
 */
function placeOf(control: ControlElement, form: HTMLFormElement): FieldPlace {
  const label = text(control.labels?.[0]) || control.getAttribute("aria-label") || control.name;
  const groups: string[] = [];
  for (let node = control.parentElement; node && node !== form; node = node.parentElement) {
    if (node instanceof HTMLFieldSetElement) {
      const legend = text(node.querySelector(":scope > legend"));
      if (legend) groups.unshift(legend);
    } else if (node.hasAttribute("aria-labelledby") && node.localName !== "section") {
      const heading = text(document.getElementById(node.getAttribute("aria-labelledby") ?? ""));
      if (heading) groups.unshift(heading);
    }
  }
  return { label, groups };
}

/** One entry per message, in the order of the fields on the page (messages without a field last). */
function entriesOf(form: HTMLFormElement | null, fieldErrors: SubmitState["fieldErrors"]): SummaryEntry[] {
  const controls = Object.keys(fieldErrors).map((name) => {
    // On the server (no form, no DOM) the messages are listed without links.
    const found = form ? form.elements.namedItem(name) : null;
    // A name several controls share (radio buttons) answers a list: its first control stands for it.
    const control = !found ? null : "labels" in found ? (found as ControlElement) : ((found as RadioNodeList)[0] as ControlElement | undefined);
    return [name, control && "labels" in control ? control : null] as const;
  });
  controls.sort(([, a], [, b]) => {
    if (!a || !b) return a ? -1 : b ? 1 : 0;
    return a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1;
  });
  return controls.flatMap(([name, usable]) => {
    const messages = fieldErrors[name] ?? [];
    return messages.map((message) => ({
      name,
      id: usable?.id || null,
      place: form && usable ? placeOf(usable, form) : null,
      message,
    }));
  });
}

/**
 * The error summary of every form (the GOV.UK pattern): the most specific headline known (`errorHeadline`) alone,
 * and a link to each field with an error, named as a person would (`summaryLine`: "Brief for Web Copycraft in Launch
 * Essentials Kit: Business name is required"). After every failed submit it takes the focus, so a customer at the
 * bottom of a long form is brought to it; following a link focuses the field. Field errors also show at their fields.
 * Rendered on the server too (a form answered by a route action): there the list names the messages without links.
 */
export function SubmitErrorAlert({ state }: { state: Pick<SubmitState, "errorKey" | "general"> & Partial<Pick<SubmitState, "fieldErrors">> }) {
  const { t: tErrors } = useTranslation("errors");
  const { t: tForms } = useTranslation("forms");
  const { t: tValidation } = useTranslation("validation");
  const box = useRef<HTMLDivElement>(null);
  const headlineId = useId();
  const fieldErrors = state.fieldErrors ?? noFieldErrors;
  const [entries, setEntries] = useState<SummaryEntry[]>(() => entriesOf(null, fieldErrors));
  const heading = errorHeadline({ ...state, fieldErrors }, tErrors, tForms);

  useBrowserLayoutEffect(() => {
    setEntries(entriesOf(box.current?.closest("form") ?? null, fieldErrors));
  }, [fieldErrors]);

  // A new failure (new messages from the form) moves the focus here, and the page with it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new failure's parts are what should refocus
  useEffect(() => {
    if (state.errorKey) box.current?.focus();
  }, [state.errorKey, state.general, fieldErrors]);

  if (!heading) return null;

  const follow = (event: MouseEvent<HTMLAnchorElement>, id: string) => {
    const control = document.getElementById(id);
    if (!control) return;
    event.preventDefault();
    const label = control.closest("form")?.querySelector(`label[for="${CSS.escape(id)}"]`);
    (label ?? control).scrollIntoView({ block: "center" });
    control.focus({ preventScroll: true });
  };

  const required = tValidation("required");
  const unnamed = entries.filter((entry) => !entry.place).map((entry) => entry.message);
  const named = entries.filter((entry) => entry.place).map((entry) => ({ ...entry, line: summaryLine(entry.place, entry.message, tForms, required) }));
  return (
    <div
      ref={box}
      role="alert"
      tabIndex={-1}
      aria-labelledby={headlineId}
      data-testid="error-summary"
      className="mb-4 rounded-md border-2 border-red-600 bg-red-50 px-4 py-3 text-red-900 outline-none focus-visible:ring-4 focus-visible:ring-amber-400 dark:border-red-400 dark:bg-red-950 dark:text-red-100"
    >
      <p id={headlineId} className="font-semibold" data-testid="error-headline">
        {heading.headline}
      </p>
      {named.length + unnamed.length > 0 ? (
        <ul className="mt-2 list-disc space-y-1 pl-5 text-sm" aria-label={tForms("summary.listLabel")}>
          {named.map((entry) => (
            <li key={`${entry.name}:${entry.message}`}>
              {entry.id ? (
                <a href={`#${entry.id}`} className="font-medium underline" onClick={(event) => follow(event, entry.id ?? "")}>
                  {entry.line}
                </a>
              ) : (
                entry.line
              )}
            </li>
          ))}
          {[...new Set(unnamed)].map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
