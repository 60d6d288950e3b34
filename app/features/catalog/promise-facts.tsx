import { useTranslation } from "react-i18next";
import { OfferFact } from "./offer-box";

/** What a product promises, worded in the page's language from the catalog data (content/promises.ts). */
export interface PromiseTexts {
  turnaround: string;
  revisions: string;
  words?: string;
  formats?: string;
}

/** The promises of a service or bundle in its offer box: turnaround, revision rounds, and length and formats when known. */
export function PromiseFacts({ promises }: { promises: PromiseTexts }) {
  const { t } = useTranslation("promises");
  const facts = [
    { key: "turnaround", label: t("turnaround"), value: promises.turnaround },
    { key: "revisions", label: t("revisions"), value: promises.revisions },
    { key: "length", label: t("length"), value: promises.words },
    { key: "formats", label: t("formats"), value: promises.formats },
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
