import { BRIEF_FORMS } from "../../contract/brief-forms";
import type { BriefField } from "../../contract/brief-forms/types";
import type { ProductId } from "../../contract/catalog";
import { intlLocale, type Locale } from "../../common/locales";
import { isService, servicesOf } from "~/lib/briefs/brief-values";

/** A brief value as people read it: a choice by its label, tags joined, numbers in the page's language. */
function readable(field: BriefField, value: unknown, locale: Locale): string {
  if (field.type === "select") return field.options.find((option) => option.value === value)?.label[locale] ?? String(value);
  if (Array.isArray(value)) return value.map(String).join(", ");
  if (typeof value === "number") return new Intl.NumberFormat(intlLocale(locale)).format(value);
  return String(value);
}

function Answers({ fields, brief, locale }: { fields: BriefField[]; brief: Record<string, unknown>; locale: Locale }) {
  const answered = fields.filter((field) => {
    const value = brief[field.name];
    return value !== undefined && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0);
  });
  return (
    <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[minmax(8rem,auto)_1fr]">
      {answered.map((field) => (
        <div key={field.name} className="contents">
          <dt className="text-slate-600 dark:text-slate-400">{field.label[locale]}</dt>
          <dd className="whitespace-pre-line break-words">{readable(field, brief[field.name], locale)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The brief an item was ordered with, labelled from its form definition (a bundle: one part per service). */
export function OrderBrief({ productId, brief, locale, serviceName }: { productId: ProductId; brief: Record<string, unknown>; locale: Locale; serviceName(id: string): string }) {
  if (isService(productId)) return <Answers fields={BRIEF_FORMS[productId].fields} brief={brief} locale={locale} />;
  return (
    <div className="space-y-3">
      {/* A writer is shown only the parts of the services they work on (order-access.ts, sightOf). */}
      {servicesOf(productId).filter((serviceId) => brief[serviceId] !== undefined).map((serviceId) => (
        <div key={serviceId}>
          <p className="mb-1 text-sm font-medium">{serviceName(serviceId)}</p>
          <Answers fields={BRIEF_FORMS[serviceId].fields} brief={(brief[serviceId] ?? {}) as Record<string, unknown>} locale={locale} />
        </div>
      ))}
    </div>
  );
}
