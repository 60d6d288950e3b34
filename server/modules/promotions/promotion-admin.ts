import { randomUUID } from "node:crypto";
import type { Kysely } from "kysely";
import type { Currency } from "../../../contract/currency";
import { toMajor, toMinor } from "../../../contract/money";
import type { PromotionCode, PromotionCodeFields } from "../../../contract/promotions";
import type { Database } from "../../db/schema";
import type { Clock } from "../../platform/clock";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type AuditSink, type StaffActor } from "../../platform/staff-action";
import { type CodeFigures, type CodeRow, type PromotionsRepository, rulesOf } from "./promotions.repository";

type Amounts = Partial<Record<Currency, number>>;
const mapAmounts = (amounts: Amounts, to: (value: number) => number): Amounts =>
  Object.fromEntries(Object.entries(amounts).map(([currency, value]) => [currency, to(value)]));
const minor = (amounts: Amounts) => mapAmounts(amounts, (value) => toMinor(value) ?? 0);
const major = (amounts: Amounts) => mapAmounts(amounts, toMajor);

/** A request's fields as a row's columns (minor units, JSON, 0/1). */
function columns(fields: PromotionCodeFields) {
  return {
    code: fields.code,
    percent: fields.percent,
    amounts_json: fields.percent === null && fields.amounts ? JSON.stringify(minor(fields.amounts)) : null,
    product_ids_json: JSON.stringify([...new Set(fields.productIds)]),
    starts_at: fields.startsAt,
    ends_at: fields.endsAt,
    once_per_customer: fields.oncePerCustomer ? 1 : 0,
    first_order_only: fields.firstOrderOnly ? 1 : 0,
    minimum_json: JSON.stringify(minor(fields.minimumTotal)),
    max_uses: fields.maxUses,
    paused: fields.paused ? 1 : 0,
  };
}

/** A code as the back office reads it, with its uses and money (major units). */
export function codeView(row: CodeRow, figures: CodeFigures | undefined): PromotionCode {
  const rules = rulesOf(row);
  return {
    id: rules.id,
    code: rules.code,
    percent: rules.percent,
    amounts: rules.amounts ? major(rules.amounts) : null,
    productIds: rules.productIds as PromotionCode["productIds"],
    startsAt: rules.startsAt,
    endsAt: rules.endsAt,
    oncePerCustomer: rules.oncePerCustomer,
    firstOrderOnly: rules.firstOrderOnly,
    minimumTotal: major(rules.minimum),
    maxUses: rules.maxUses,
    paused: rules.paused,
    uses: rules.uses,
    revenue: major(figures?.paid ?? {}),
    discounted: major(figures?.discounted ?? {}),
    createdAt: row.created_at,
  };
}

/** The back office's promotion codes (managers and admins), every change audited in its own transaction. */
export function createPromotionAdmin(db: Kysely<Database>, repository: PromotionsRepository, audit: AuditSink, clock: Clock) {
  const figuresOf = async (id: string) => (await repository.figures()).get(id);
  const taken = async (code: string, id: string | null, trx: Kysely<Database>) => {
    const other = await repository.byCode(code, trx);
    if (other && other.id !== id) throw DomainError.field("code", "promotions.codeTaken");
  };
  /** One change of a code: its row before and after, and the audit row, in one transaction. */
  const change = async (actor: StaffActor, id: string, action: string, next: (row: CodeRow) => PromotionCodeFields | null): Promise<PromotionCode> => {
    assertRole(actor.role, "manager");
    const after = await db.transaction().execute(async (trx) => {
      const before = await repository.byId(id, trx);
      if (!before) throw DomainError.notFound();
      const fields = next(before);
      if (fields) await taken(fields.code, id, trx);
      const changed = fields ? columns(fields) : { paused: action === "promotion.pause" ? 1 : 0 };
      await repository.update(id, { ...columnsOf(before), ...changed, updated_at: clock.now().toISOString() }, trx);
      const row = (await repository.byId(id, trx)) as CodeRow;
      await audit.record({ actor, action, subjectType: "promotion_code", subjectId: id, before: codeView(before, undefined), after: codeView(row, undefined) }, trx);
      return row;
    });
    return codeView(after, await figuresOf(id));
  };
  return {
    async list(actor: StaffActor): Promise<PromotionCode[]> {
      assertRole(actor.role, "manager");
      const figures = await repository.figures();
      return (await repository.all()).map((row) => codeView(row, figures.get(row.id)));
    },

    async create(actor: StaffActor, fields: PromotionCodeFields): Promise<PromotionCode> {
      assertRole(actor.role, "manager");
      const now = clock.now().toISOString();
      const row: CodeRow = { id: randomUUID(), ...columns(fields), uses: 0, created_at: now, updated_at: now };
      await db.transaction().execute(async (trx) => {
        await taken(fields.code, null, trx);
        if (!(await repository.insert(row, trx))) throw DomainError.field("code", "promotions.codeTaken");
        await audit.record({ actor, action: "promotion.create", subjectType: "promotion_code", subjectId: row.id, before: null, after: codeView(row, undefined) }, trx);
      });
      return codeView(row, undefined);
    },

    update: (actor: StaffActor, id: string, fields: PromotionCodeFields) => change(actor, id, "promotion.update", () => fields),
    pause: (actor: StaffActor, id: string) => change(actor, id, "promotion.pause", () => null),
    resume: (actor: StaffActor, id: string) => change(actor, id, "promotion.resume", () => null),
  };
}

/** A row's changeable columns as they are. */
function columnsOf(row: CodeRow): Omit<CodeRow, "id" | "uses" | "created_at"> {
  const { id: _id, uses: _uses, created_at: _created, ...rest } = row;
  return rest;
}

export type PromotionAdmin = ReturnType<typeof createPromotionAdmin>;
