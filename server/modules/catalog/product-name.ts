import { BUNDLE_CONTENT, SERVICE_CONTENT } from "../../../content";
import type { BundleId, ProductId, ServiceId } from "../../../contract/catalog";
import type { Locale } from "../../i18n/messages";

/** A product's name in `locale` (mail, invoices), or its id when the content has none. */
export function productName(id: ProductId, locale: Locale): string {
  const content = SERVICE_CONTENT[id as ServiceId] ?? BUNDLE_CONTENT[id as BundleId];
  return content ? content.name[locale] : id;
}
