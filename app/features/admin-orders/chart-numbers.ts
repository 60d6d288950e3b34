import { intlLocale, type Locale } from "../../../common/locales";

/**
 * A chart's axis numbers in the page's language (issue 26, point 15): 24,000 in English, 24.000 in Spanish, never
 * 24000; grouped from four digits on too, so an axis reads the same from top to bottom.
 */
export function axisNumber(locale: Locale): (amount: number) => string {
  const format = new Intl.NumberFormat(intlLocale(locale), { maximumFractionDigits: 0, useGrouping: "always" });
  return (amount) => format.format(amount);
}
