import type { TFunction } from "i18next";
import type { AuditEntry } from "../../../contract/audit";
import { isCurrency } from "../../../contract/currency";
import { formatMoney, money } from "../../../contract/money";
import type { Locale } from "../../../common/locales";

type Change = Record<string, unknown>;

const asChange = (value: unknown): Change => (value && typeof value === "object" ? (value as Change) : {});
const text = (value: unknown) => (typeof value === "string" ? value : "");

/** What the subject is called in a line: a product by its name, anything else by the label the log found for it. */
export function subjectName(entry: AuditEntry, t: TFunction<"admin">, productName: (id: string) => string): string {
  if (entry.subjectType === "product") return productName(entry.subjectId);
  return entry.subjectLabel ?? t("audit.unnamed");
}

/** The line's key under audit.lines and what it needs besides the subject (amounts in the change's own currency). */
function lineOf(entry: AuditEntry, t: TFunction<"admin">, locale: Locale): { key: string; values: Record<string, unknown> } {
  const before = asChange(entry.before);
  const after = asChange(entry.after);
  const currency = text(after.currency);
  const amount = (minor: unknown) => (typeof minor === "number" && Number.isSafeInteger(minor) && isCurrency(currency) ? formatMoney(money(minor, currency), locale) : "");
  const role = (value: unknown) => t(`roles.${text(value)}`, { defaultValue: text(value) });
  switch (entry.action) {
    case "order.cancel":
      return Number(after.refund) > 0 ? { key: "order.refund", values: { amount: amount(after.refund) } } : { key: "order.cancel", values: {} };
    case "order.credit":
      return { key: "order.credit", values: { amount: amount(after.credit) } };
    case "order.assign": {
      const writer = text(after.assignedTo);
      return writer ? { key: "order.assign", values: { name: entry.names[writer] ?? t("audit.someone") } } : { key: "order.unassign", values: {} };
    }
    case "order.deliver":
      return { key: "order.deliver", values: { version: after.version } };
    case "order.export":
      return { key: "order.export", values: { count: Number(after.rows) || 0 } };
    case "customer.adjust":
      return { key: "customer.adjust", values: { amount: amount(after.amount) } };
    case "staff.invite":
    case "staff.accept_invitation":
      return { key: entry.action, values: { email: text(after.email), role: role(after.role) } };
    case "ticket.tag":
    case "ticket.untag": {
      const [from, to] = entry.action === "ticket.tag" ? [before.tags, after.tags] : [after.tags, before.tags];
      const had = new Set(Array.isArray(from) ? from : []);
      return { key: entry.action, values: { tag: (Array.isArray(to) ? to : []).find((tag) => !had.has(tag)) ?? "" } };
    }
    case "savedReply.create":
    case "savedReply.update":
    case "savedReply.delete": {
      const title = asChange((entry.action === "savedReply.delete" ? before : after).title);
      return { key: entry.action, values: { title: text(title[locale]) || text(title.en) } };
    }
    case "staff.save_view":
      return { key: entry.action, values: { name: text(after.name) } };
    case "staff.delete_view":
      return { key: entry.action, values: { name: text(before.name) } };
    case "staff.display_name":
      return { key: entry.action, values: { name: text(after.displayName) } };
    case "staff.change_role":
      return { key: "staff.change_role", values: { from: role(before.role), to: role(after.role) } };
    default:
      return { key: entry.action, values: {} };
  }
}

/**
 * One audit entry as a sentence staff read: "Refunded €265.00 on SC-000014" ("Reembolsados 265,00 € en SC-000014"),
 * the subject by its number or name, amounts with their currency; an action without a line of its own reads
 * "<action> on <subject>".
 */
export function auditLine(entry: AuditEntry, t: TFunction<"admin">, locale: Locale, productName: (id: string) => string): string {
  const { key, values } = lineOf(entry, t, locale);
  const subject = subjectName(entry, t, productName);
  const fallback = t("audit.lines.other", { action: entry.action, subject });
  return t(`audit.lines.${key}`, { ...values, subject, defaultValue: fallback });
}
