import { useTranslation } from "react-i18next";
import { OfferFact } from "./offer-box";

/** What a product promises, worded in the page's language from the catalog data (content/promises.ts). */
export interface PromiseTexts {
  turnaround: string;
  revisions: string;
  /** Business days a requested revision takes. */
  revisionTime: string;
  /** Days to review each delivery before it completes on its own (the store's setting). */
  review: string;
  words?: string;
  formats?: string;
  /** The on-time guarantee's share of the price ("10%"), from its setting; absent when the guarantee is off. */
  guaranteePercent?: string;
}

/** The promises of a service or bundle in its offer box: turnaround, revision rounds and their time, the review window, and length and formats when known. */
export function PromiseFacts({ promises }: { promises: PromiseTexts }) {
  const { t } = useTranslation("promises");
  const facts = [
    { key: "turnaround", label: t("turnaround"), value: promises.turnaround },
    { key: "revisions", label: t("revisions"), value: promises.revisions },
    { key: "revisionTime", label: t("revisionTime"), value: promises.revisionTime },
    { key: "review", label: t("review"), value: promises.review },
    { key: "length", label: t("length"), value: promises.words },
    { key: "formats", label: t("formats"), value: promises.formats },
    { key: "guarantee", label: t("guarantee"), value: promises.guaranteePercent ? t("guaranteeValue", { percent: promises.guaranteePercent }) : undefined },
  ];
  return (
    <>
      {facts.map((fact) =>
        fact.value ? (
          <OfferFact key={fact.key} label={fact.label}>
            <span className="text-lg font-medium" data-testid={`promise-${fact.key}`}>
              {fact.value}
            </span>
          </OfferFact>
        ) : null,
      )}
    </>
  );
}
