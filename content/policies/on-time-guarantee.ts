import type { Localized } from "../../contract/localized";

type Locale = keyof Localized;

/**
 * Issue 28: the one statement of the on-time guarantee, filled from ON_TIME_CREDIT_PERCENT (the setting the late
 * check credits by). The terms and every service page render this text; 0 turns the guarantee off and the text with it.
 */
const GUARANTEE: Localized = {
  en: "On-time guarantee: if a service is not delivered by its due date, we add {{percent}} of its price to your balance automatically, with a credit note, and tell you when to expect it. Time spent waiting for your answer to a question does not count.",
  es: "Garantía de puntualidad: si un servicio no se entrega en su fecha, añadimos automáticamente a tu saldo el {{percent}} de su precio, con su factura rectificativa, y te decimos cuándo esperarlo. El tiempo que esperamos tu respuesta a una pregunta no cuenta.",
};

/** The question the service pages' FAQ asks before the guarantee. */
export const ON_TIME_GUARANTEE_QUESTION: Localized = {
  en: "What if my order is late?",
  es: "¿Y si mi pedido llega tarde?",
};

// Made once: an Intl formatter costs far more to make than to use, and every page fills every service's guarantee.
const percents: Record<Locale, Intl.NumberFormat> = {
  en: new Intl.NumberFormat("en-GB", { style: "percent", maximumFractionDigits: 0 }),
  es: new Intl.NumberFormat("es-ES", { style: "percent", maximumFractionDigits: 0 }),
};

/** "10%" / "10 %": the percent as the page's language writes it. */
export function percentText(percent: number, locale: Locale): string {
  return percents[locale].format(percent / 100);
}

/** The guarantee in one language with its percent filled in; empty when the guarantee is off. */
export function onTimeGuaranteeText(locale: Locale, percent: number): string {
  return percent > 0 ? GUARANTEE[locale].replace("{{percent}}", percentText(percent, locale)) : "";
}
