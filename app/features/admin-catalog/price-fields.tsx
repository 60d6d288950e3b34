import type { CatalogProduct } from "../../../contract/admin-catalog";
import { CURRENCIES } from "../../../contract/currency-codes";
import { TextField } from "~/components/ui/text-field";
import type { FieldErrors } from "~/components/ui/use-api-submit";

/** One price per currency (`price-EUR`, …), as the product and option forms send them; `label` words each field. */
export function PriceFields({ prices, label, errors }: { prices: CatalogProduct["prices"]; label(currency: string): string; errors: FieldErrors }) {
  return (
    <div className="grid gap-3 sm:grid-cols-3">
      {CURRENCIES.map((currency) => (
        <TextField
          key={currency}
          label={label(currency)}
          name={`price-${currency}`}
          inputMode="decimal"
          defaultValue={prices[currency]}
          required
          error={errors[`prices.${currency}`]}
        />
      ))}
    </div>
  );
}
