import { BUNDLES } from "../../../content/catalog";
import { BRIEF_FORMS } from "../../../contract/brief-forms";
import type { BriefForm } from "../../../contract/brief-forms/types";
import type { Brief } from "../../../contract/briefs";
import { SERVICE_IDS, type ProductId, type ServiceId } from "../../../contract/catalog";

/** What a brief form holds while being filled: every value as typed (tags comma-separated). */
export type FormValues = Record<string, string>;

/** A cart line's draft: a service's form values, or for a bundle each contained service's form values by id. */
export type LineDraft = FormValues | Partial<Record<ServiceId, FormValues>>;

export function isService(productId: ProductId): productId is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(productId);
}

/** The services whose briefs a product asks for: itself, or the ones a bundle contains. */
export function servicesOf(productId: ProductId): ServiceId[] {
  if (isService(productId)) return [productId];
  return BUNDLES.find((bundle) => bundle.id === productId)?.services ?? [];
}

/** Comma-separated tags as typed → the list the API takes. */
export function splitTags(typed: string): string[] {
  return typed
    .split(",")
    .map((tag) => tag.trim())
    .filter((tag) => tag.length > 0);
}

/** One form's values as the API takes them: numbers as numbers, tags as lists, empty answers left out. */
export function formToBrief(form: BriefForm, values: FormValues): Brief {
  const brief: Brief = {};
  for (const field of form.fields) {
    const typed = values[field.name] ?? "";
    if (field.type === "tags") brief[field.name] = splitTags(typed);
    else if (typed.trim() === "") continue;
    else if (field.type === "number") brief[field.name] = Number(typed);
    else brief[field.name] = typed;
  }
  return brief;
}

/** Form values of one service inside a line's draft. */
export function serviceValues(productId: ProductId, draft: LineDraft | undefined, serviceId: ServiceId): FormValues {
  if (!draft) return {};
  if (isService(productId)) return draft as FormValues;
  const nested = (draft as Record<string, unknown>)[serviceId];
  return nested && typeof nested === "object" ? (nested as FormValues) : {};
}

/** The draft with one service's values replaced. */
export function withServiceValues(productId: ProductId, draft: LineDraft | undefined, serviceId: ServiceId, values: FormValues): LineDraft {
  if (isService(productId)) return values;
  return { ...(draft as Record<string, FormValues> | undefined), [serviceId]: values };
}

/** The brief of one cart line as POST /api/orders takes it (a bundle's keyed by service id). */
export function lineBrief(productId: ProductId, draft: LineDraft | undefined): Brief {
  if (isService(productId)) return formToBrief(BRIEF_FORMS[productId], serviceValues(productId, draft, productId));
  return Object.fromEntries(
    servicesOf(productId).map((id) => [id, formToBrief(BRIEF_FORMS[id], serviceValues(productId, draft, id))]),
  );
}

/** Where one service's field errors sit inside a line's brief errors (`…brief.topic` or `…brief.seo-layer.website`). */
export function serviceErrorPrefix(briefPrefix: string, productId: ProductId, serviceId: ServiceId): string {
  return isService(productId) ? briefPrefix : `${briefPrefix}.${serviceId}`;
}

/** One form's values from a stored brief: the reverse of `formToBrief` (tags joined, numbers as typed). */
function briefToValues(form: BriefForm, brief: Record<string, unknown>): FormValues {
  const values: FormValues = {};
  for (const field of form.fields) {
    const value = brief[field.name];
    if (value === undefined || value === null) continue;
    values[field.name] = Array.isArray(value) ? value.map(String).join(", ") : String(value);
  }
  return values;
}

/** A line's draft from the brief an order holds, to correct it (a bundle's keyed by service id). */
export function briefToDraft(productId: ProductId, brief: Record<string, unknown>): LineDraft {
  if (isService(productId)) return briefToValues(BRIEF_FORMS[productId], brief);
  return Object.fromEntries(
    servicesOf(productId).map((id) => [id, briefToValues(BRIEF_FORMS[id], (brief[id] ?? {}) as Record<string, unknown>)]),
  );
}
