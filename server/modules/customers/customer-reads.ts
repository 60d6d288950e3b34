import type { Kysely } from "kysely";
import type { CurrencyAmount, CustomerDetail, CustomerListEntry } from "../../../contract/admin-customers";
import type { CustomerOrderLine } from "../../../contract/admin-support";
import { DEFAULT_CURRENCY, isCurrency, type Currency } from "../../../contract/currency";
import { toMajor } from "../../../contract/money";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { assertRole, type StaffActor } from "../../platform/staff-action";
import type { OpenPaidWork } from "../orders";
import type { CustomersAdminRepository, CustomerRow } from "./customers-admin.repository";

const nameOf = (row: CustomerRow) => `${row.first_name} ${row.last_name}`.trim();

/** One customer's amounts per currency from a page's rows, in major units. */
const amountsOf = (
  rows: Array<{ userId: string; currency: string; amount: number }>,
  userId: string,
): CurrencyAmount[] =>
  rows
    .filter((row) => row.userId === userId && isCurrency(row.currency))
    .map((row) => ({ currency: row.currency as Currency, amount: toMajor(row.amount) }));

/** The currency of the customer's newest ledger line (adjustments default to it); the store's default without one. */
function lastUsedCurrency(balances: CustomerDetail["balances"]): Currency {
  const newest = balances
    .flatMap((balance) =>
      balance.ledger.slice(0, 1).map((line) => ({ currency: balance.currency, at: line.createdAt })),
    )
    .sort((a, b) => b.at.localeCompare(a.at))[0];
  return newest?.currency ?? DEFAULT_CURRENCY;
}

const openWorkLine = (work: OpenPaidWork): CustomerDetail["openWork"][number] => ({
  orderId: work.orderId,
  number: work.number,
  n: work.n,
  service: work.service,
  status: work.status,
  currency: work.currency as Currency,
  price: toMajor(work.price),
  refundable: toMajor(Math.max(0, work.price - work.givenBack)),
});

export interface CustomerReadsDeps {
  db: Kysely<Database>;
  repository: CustomersAdminRepository;
  /** The tickets written from an email (support desk). */
  ticketsOf(email: string): Promise<CustomerDetail["tickets"]>;
  /** The receipt number of each of the customer's deposits, by deposit id (documents module). */
  receiptNumbers?(userId: string): Promise<Map<string, string>>;
}

/**
 * What the back office reads about customers: the list with balances and spend, one customer's whole picture (ledger
 * with receipt numbers, the paid work still open), and a customer by e-mail for the help desk.
 */
export function createCustomerReads(deps: CustomerReadsDeps) {
  const { db, repository, ticketsOf } = deps;
  const orderLines = async (userId: string): Promise<CustomerOrderLine[]> =>
    (await repository.orders(userId)).map((order) => ({
      ...order,
      currency: order.currency as Currency,
      total: toMajor(order.total),
    }));

  const existing = async (id: string, trx: Kysely<Database> = db): Promise<CustomerRow> => {
    const row = await repository.find(id, trx);
    if (!row) throw DomainError.notFound();
    return row;
  };

  return {
    existing,

    async search(text: string, actor: StaffActor): Promise<CustomerListEntry[]> {
      assertRole(actor.role, "manager");
      const rows = await repository.search(text);
      const ids = rows.map((row) => row.id);
      const [balances, spent] = await Promise.all([repository.balancesOf(ids), repository.spentBy(ids)]);
      return rows.map((row) => ({
        id: row.id,
        email: row.email,
        name: nameOf(row),
        createdAt: row.created_at,
        blocked: row.blocked_at !== null,
        balances: amountsOf(balances, row.id),
        spent: amountsOf(spent, row.id),
      }));
    },

    async detail(id: string, actor: StaffActor): Promise<CustomerDetail> {
      assertRole(actor.role, "manager");
      const row = await existing(id);
      const receipts = (await deps.receiptNumbers?.(id)) ?? new Map<string, string>();
      const balances = await Promise.all(
        (await repository.balances(id))
          .filter((balance) => isCurrency(balance.currency))
          .map(async (balance) => ({
            currency: balance.currency as Currency,
            balance: toMajor(balance.amount),
            ledger: (await repository.ledger(id, balance.currency)).map((line) => ({
              ...line,
              amount: toMajor(line.amount),
              receiptNumber: line.kind === "deposit" ? (receipts.get(line.reference) ?? null) : null,
            })),
          })),
      );
      return {
        id: row.id,
        email: row.email,
        firstName: row.first_name,
        lastName: row.last_name,
        country: row.country,
        company: row.company,
        city: row.city,
        createdAt: row.created_at,
        blockedAt: row.blocked_at,
        currency: lastUsedCurrency(balances),
        balances,
        openWork: (await repository.openPaidWorkOf(id)).map(openWorkLine),
        orders: await orderLines(id),
        tickets: await ticketsOf(row.email),
      };
    },

    /** The customer with this email and their orders, for a support ticket; null when nobody has it. */
    async byEmail(email: string): Promise<{ id: string; name: string; orders: CustomerOrderLine[] } | null> {
      const row = await repository.findByEmail(email);
      return row ? { id: row.id, name: nameOf(row), orders: await orderLines(row.id) } : null;
    },
  };
}
