import { z } from "zod";
import { CURRENCIES } from "./currency-codes";

export { CURRENCIES, DEFAULT_CURRENCY, isCurrency, type Currency } from "./currency-codes";
export const currencySchema = z.enum(CURRENCIES);
