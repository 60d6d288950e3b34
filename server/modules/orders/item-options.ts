import type { z } from "zod";
import type { ProductOption } from "../catalog";

/**
 * The options an order item asked for, as its product offers them (docs/decisions/0077-service-options.md): each id
 * the product does not sell in this currency, and each id asked twice, is an issue on `orderFormData[i].options[j]`.
 */
export function chooseOptions(
  offered: readonly ProductOption[],
  asked: readonly string[],
  index: number,
): { chosen: ProductOption[]; issues: z.core.$ZodIssue[] } {
  const chosen: ProductOption[] = [];
  const issues: z.core.$ZodIssue[] = [];
  for (const [position, id] of asked.entries()) {
    const option = offered.find((entry) => entry.id === id);
    const path = ["orderFormData", index, "options", position];
    if (!option) issues.push({ code: "custom", path, message: "options.unknownOption", input: id });
    else if (chosen.includes(option))
      issues.push({ code: "custom", path, message: "options.duplicateOption", input: id });
    else chosen.push(option);
  }
  // In the catalog's order, whatever order they were asked in: the invoice and the order page list them so.
  return { chosen: offered.filter((option) => chosen.includes(option)), issues };
}
