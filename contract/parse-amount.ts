/**
 * The one parser of amounts people type (the deposit form): read in the page's language, as the site writes money.
 * Spanish groups with "." and has a decimal ","; English the other way round. Works on the digits as text, so the
 * answer is exact integer minor units, never a float.
 */

export type AmountProblem =
  /** Nothing typed. */
  | "required"
  /** Not an amount in this language: letters, a sign, separators in the wrong places ("1.5" in Spanish). */
  | "format"
  /** More than two decimals ("1,505"). */
  | "twoDecimals";

export type ParsedAmount = { ok: true; minor: number } | { ok: false; problem: AmountProblem };

interface Separators {
  group: string;
  decimal: string;
}

const SEPARATORS: Record<"en" | "es", Separators> = { en: { group: ",", decimal: "." }, es: { group: ".", decimal: "," } };

/** Currency symbols and codes a customer may type around the number; spaces of every kind. */
const DECORATION = /^(?:€|\$|£|EUR|USD|GBP)|(?:€|\$|£|EUR|USD|GBP)$/gi;
const SPACES = /[\s\u00a0\u202f]/g;

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/**
 * `text` as typed in `locale` ("es": "1.000,50", "1000,5", "1,5"; "en": "1,000.50") → minor units. Grouping is
 * optional but, when used, must come in threes; at most two decimals.
 */
export function parseAmount(text: string, locale: string): ParsedAmount {
  const { group, decimal } = SEPARATORS[locale.startsWith("es") ? "es" : "en"];
  const bare = text.replace(SPACES, "").replace(DECORATION, "");
  if (bare === "") return text.trim() === "" ? { ok: false, problem: "required" } : { ok: false, problem: "format" };
  const g = escapeRegExp(group);
  const d = escapeRegExp(decimal);
  const shape = new RegExp(`^(\\d{1,3}(?:${g}\\d{3})+|\\d+)?(?:${d}(\\d+))?$`);
  const match = shape.exec(bare);
  if (!match || (match[1] === undefined && match[2] === undefined)) return { ok: false, problem: "format" };
  const whole = (match[1] ?? "0").split(group).join("");
  const fraction = match[2] ?? "";
  if (fraction.length > 2) return { ok: false, problem: "twoDecimals" };
  const minor = Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
  if (!Number.isSafeInteger(minor)) return { ok: false, problem: "format" };
  return { ok: true, minor };
}
