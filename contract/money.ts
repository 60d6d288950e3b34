import { z } from "zod";
import { toMinor } from "./money-units";

export { addMoney, formatMoney, money, moneyFromApi, toMajor, toMinor, type Money } from "./money-units";

/** A money amount as it arrives in a request: a number with at most two decimals. */
export const majorAmountSchema = z
  .number()
  .refine((value) => toMinor(value) !== null, { message: "twoDecimals" });
