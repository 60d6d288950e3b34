import { stringify, type Stringifier } from "csv-stringify";

/**
 * What a spreadsheet program reads as a formula (or a DDE command) at the start of a cell: `=`, `+`, `-`, `@`, a tab or
 * a carriage return (OWASP, "CSV Injection").
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** `value` as a cell no spreadsheet runs: one that would start a formula gets a leading `'`, shown as text. */
export function safeCsvCell(value: string): string {
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/**
 * Every CSV the store writes: a header row of `columns`, a UTF-8 byte-order mark (so a spreadsheet program opens
 * "Sofía" as UTF-8, not as Latin-1) and every text cell through `safeCsvCell`. Numbers are written as numbers; pass
 * amounts as numbers (a negative amount given as text would gain the quote).
 */
export function csvStringifier(columns: readonly string[]): Stringifier {
  return stringify({ header: true, columns: [...columns], bom: true, cast: { string: (value) => safeCsvCell(value) } });
}
