import { z } from "zod";
import { BRIEF_FORMS } from "./brief-forms";
import type { BriefField, BriefForm } from "./brief-forms/types";
import { SERVICE_IDS, type ProductId, type ServiceId } from "./catalog";

/** A brief as sent: field name → value (a bundle's brief: service id → that service's brief). */
export type Brief = Record<string, unknown>;

function isServiceId(id: string): id is ServiceId {
  return (SERVICE_IDS as readonly string[]).includes(id);
}

/** Text: a required one left empty reads "required" (the length check is skipped); an optional one may stay empty. */
function textSchema(field: { required: boolean; minLength?: number; maxLength: number }): z.ZodType {
  const text = z.string().trim().max(field.maxLength);
  const min = field.minLength ?? 0;
  if (field.required) return min > 1 ? text.min(1, { abort: true }).min(min) : text.min(1);
  return min > 1 ? z.union([z.literal(""), text.min(min)]) : text;
}

function fieldSchema(field: BriefField): z.ZodType {
  let schema: z.ZodType;
  switch (field.type) {
    case "text":
    case "textarea":
      schema = textSchema(field);
      break;
    case "url": {
      const url = z.url({ protocol: /^https?$/ }).max(field.maxLength);
      schema = field.required ? url : z.union([z.literal(""), url]);
      break;
    }
    case "number": {
      const number = z.number().min(field.min).max(field.max);
      schema = field.integer ? number.refine(Number.isInteger, { message: "wholeNumber" }) : number;
      break;
    }
    case "select":
      schema = z.enum(field.options.map((option) => option.value) as [string, ...string[]]);
      break;
    case "tags": {
      const tags = z.array(z.string().trim().min(1).max(field.maxLength)).max(field.maxItems);
      schema = field.required ? tags.min(1) : tags;
      break;
    }
  }
  if (field.required) return schema;
  // An optional field may be left out, sent empty or sent as null by a form.
  return field.type === "text" || field.type === "textarea" ? schema.optional() : schema.nullable().optional();
}

const formSchemas = new WeakMap<BriefForm, z.ZodType<Brief>>();

/** The zod schema of one brief form: every field with its type, limits and choices; unknown fields refused. */
export function briefSchema(form: BriefForm): z.ZodType<Brief> {
  let schema = formSchemas.get(form);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(form.fields.map((field) => [field.name, fieldSchema(field)]))) as z.ZodType<Brief>;
    formSchemas.set(form, schema);
  }
  return schema;
}

const bundleSchemas = new Map<string, z.ZodType<Brief>>();

/**
 * The brief of one cart item: a service's own form, or for a bundle an object keyed by each contained
 * service id holding that service's brief (`{"seo-layer": {...}, "article-forge": {...}}`).
 */
export function orderBriefSchema(productId: ProductId, servicesOfBundle: readonly ServiceId[]): z.ZodType<Brief> {
  if (isServiceId(productId)) return briefSchema(BRIEF_FORMS[productId]);
  const cacheKey = `${productId}:${servicesOfBundle.join(",")}`;
  let schema = bundleSchemas.get(cacheKey);
  if (!schema) {
    schema = z.strictObject(Object.fromEntries(servicesOfBundle.map((id) => [id, briefSchema(BRIEF_FORMS[id])]))) as z.ZodType<Brief>;
    bundleSchemas.set(cacheKey, schema);
  }
  return schema;
}
