/** Copy written for each language (never one machine-shaped from the other). */
export interface Localized<T = string> {
  en: T;
  es: T;
}
