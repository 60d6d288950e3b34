import type { AdminOrderRow } from "../../../contract/admin-orders";
import type { CustomerListEntry } from "../../../contract/admin-customers";
import { ADMIN_SEARCH_GROUP_SIZE, type AdminSearchResult } from "../../../contract/admin-search";
import { isStaffRole, roleAtLeast, type StaffRoleName } from "../../../contract/staff";
import { systemClock, type Clock } from "../../platform/clock";
import type { StaffActor } from "../../platform/staff-action";

/** What the search asks each module: each searches its own full-text index and applies its own access rules. */
export interface SearchSources {
  /** The orders module: the queue's rows for a search, as the caller may see them (a writer only their own work). */
  orders(text: string, actor: { id: string; role: StaffRoleName }, now: Date, limit: number): Promise<AdminOrderRow[]>;
  /** The customers module (managers and admins). */
  customers(text: string, actor: StaffActor): Promise<CustomerListEntry[]>;
  /** The support desk (managers and admins). */
  tickets(text: string, limit: number, actor: StaffActor): Promise<Array<{ id: string; reference: string; email: string; status: "open" | "closed"; excerpt: string }>>;
}

/**
 * The back office's global search (docs/decisions/0069-full-text-search.md): owns no table and reads none; it asks
 * the orders, customers and support modules, in parallel, and groups their answers with the page each opens. A
 * writer gets their own orders only: customers and tickets are for managers and admins (null, not an empty list).
 */
export function createBackOfficeSearch(sources: SearchSources, clock: Clock = systemClock) {
  return {
    async search(text: string, actor: StaffActor): Promise<AdminSearchResult> {
      // The route lets staff only in; anyone else would find nothing.
      if (!isStaffRole(actor.role)) return { orders: [], customers: null, tickets: null };
      const manager = roleAtLeast(actor.role, "manager");
      const [orders, customers, tickets] = await Promise.all([
        sources.orders(text, { id: actor.id, role: actor.role }, clock.now(), ADMIN_SEARCH_GROUP_SIZE),
        manager ? sources.customers(text, actor) : null,
        manager ? sources.tickets(text, ADMIN_SEARCH_GROUP_SIZE, actor) : null,
      ]);
      return {
        orders: orders.map((row) => ({ number: row.number, status: row.status, customerName: row.customerName, href: `/admin/orders/${row.number}` })),
        customers: customers?.slice(0, ADMIN_SEARCH_GROUP_SIZE).map((row) => ({ id: row.id, name: row.name, email: row.email, href: `/admin/customers/${row.id}` })) ?? null,
        tickets: tickets?.map((row) => ({ ...row, href: `/admin/support/${row.id}` })) ?? null,
      };
    },
  };
}

export type BackOfficeSearch = ReturnType<typeof createBackOfficeSearch>;
