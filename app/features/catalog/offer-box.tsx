import type { ReactNode } from "react";
import type { Currency } from "../../../contract/currency-codes";
import type { ProductId } from "../../../contract/product-ids";
import type { PriceOption } from "../../../contract/service-options";
import { AddToCart } from "./add-to-cart";
import { Price } from "./price";

/** One labelled fact of the offer box: the label (from the catalogue) above its value. */
export function OfferFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <p>
      <span className="block text-sm text-slate-600 dark:text-slate-400">{label}</span>
      {children}
    </p>
  );
}

interface OfferBoxProps {
  productId: ProductId;
  name: string;
  /** What the price is called on this page ("Price", "Bundle price"), from the catalogue. */
  priceLabel: string;
  price: number;
  currency: Currency;
  /** The product's options as the page was rendered with them (none for a bundle). */
  options?: readonly PriceOption[];
  /** The facts shown after the price (`OfferFact`s). */
  children: ReactNode;
}

/** The offer of a service or bundle page: its price, the page's own facts and "Add to cart". */
export function OfferBox({ productId, name, priceLabel, price, currency, options, children }: OfferBoxProps) {
  return (
    <div className="mt-8 flex flex-wrap items-start gap-6 rounded-lg border border-slate-300 p-5 dark:border-slate-800">
      <OfferFact label={priceLabel}>
        <span className="text-3xl font-semibold">
          <Price major={price} currency={currency} testId="product-price" />
        </span>
      </OfferFact>
      {children}
      <div className="ml-auto">
        <AddToCart productId={productId} name={name} currency={currency} renderedOptions={options} />
      </div>
    </div>
  );
}
