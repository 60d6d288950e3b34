import type { Currency } from "../../../contract/currency-codes";

/** schema.org data for a service or bundle page: what it is and its offer (price and currency). */
export function productJsonLd(options: {
  kind: "service" | "bundle";
  name: string;
  description: string;
  url: string;
  price: number;
  currency: Currency;
  /** Business days from order to delivery: the offer's `deliveryLeadTime`. */
  turnaroundDays?: number;
}): object {
  return {
    "@context": "https://schema.org",
    "@type": options.kind === "service" ? "Service" : "Product",
    name: options.name,
    description: options.description,
    url: options.url,
    ...(options.kind === "service" ? { provider: { "@type": "Organization", name: "Scriptorium" } } : { brand: { "@type": "Brand", name: "Scriptorium" } }),
    offers: {
      "@type": "Offer",
      price: options.price.toFixed(2),
      priceCurrency: options.currency,
      availability: "https://schema.org/InStock",
      url: options.url,
      ...(options.turnaroundDays
        ? { deliveryLeadTime: { "@type": "QuantitativeValue", value: options.turnaroundDays, unitCode: "DAY", unitText: "business days" } }
        : {}),
    },
  };
}
