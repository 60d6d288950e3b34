import { toMajor } from "../../../contract/money";
import type { PricesResponse } from "../../../contract/catalog";
import type { PriceOption } from "../../../contract/service-options";
import type { ProductOption } from "./catalog-entries";

/**
 * The rush turnaround offered now (the orders module's rush capacity, docs/decisions/0077-service-options.md): a
 * function from a rush's business days to the business days a rush placed now takes, or null while no coming day is
 * full (every rush then takes its own turnaround).
 */
export type RushOffer = () => Promise<((turnaroundDays: number) => number) | null>;

/** A product's options as the price list shows them: major units; a rush with its turnaround, as offered when not full. */
export function priceOptions(options: readonly ProductOption[]): PriceOption[] {
  return options.map((option) => ({
    id: option.id,
    kind: option.kind,
    price: toMajor(option.price),
    ...(option.turnaroundDays === null
      ? {}
      : { turnaroundDays: option.turnaroundDays, offeredTurnaroundDays: option.turnaroundDays }),
  }));
}

/** The price list with each rush option's offered turnaround moved to the next free day. */
export function offeredRush(prices: PricesResponse, offered: (turnaroundDays: number) => number): PricesResponse {
  return {
    ...prices,
    items: prices.items.map((item) => ({
      ...item,
      options: item.options.map((option) =>
        option.turnaroundDays === undefined
          ? option
          : { ...option, offeredTurnaroundDays: offered(option.turnaroundDays) },
      ),
    })),
  };
}
