import type { Kysely } from "kysely";
import type { CustomerDetail } from "../../../contract/admin-customers";
import type { Database } from "../../db/schema";
import { DomainError } from "../../platform/domain-error";
import { ticketReference } from "../support";
import type { CustomersAdminRepository } from "./customers-admin.repository";

const ORDER_NUMBER = /^sc-?(\d{1,12})$/i;

/** What a balance adjustment may be about, checked against the customer's own orders and tickets (issue 26, point 13). */
export function adjustmentTies(
  repository: Pick<CustomersAdminRepository, "orderOfCustomer">,
  ticketsOf: (email: string) => Promise<CustomerDetail["tickets"]>,
) {
  /** The order an adjustment names, as its number, when it is the customer's (400 on `orderNumber` otherwise). */
  const orderOf = async (userId: string, typed: string | undefined, trx: Kysely<Database>): Promise<string | null> => {
    if (!typed?.trim()) return null;
    const digits = ORDER_NUMBER.exec(typed.trim())?.[1];
    const number = digits ? `SC-${digits.padStart(6, "0")}` : undefined;
    if (!number || !(await repository.orderOfCustomer(userId, number, trx)))
      throw DomainError.field("orderNumber", "customers.unknownOrder", { number: typed.trim() });
    return number;
  };

  /** The ticket an adjustment names, when the customer wrote it (400 on `ticketNumber` otherwise). */
  const ticketOf = async (email: string, typed: string | undefined): Promise<string | null> => {
    if (!typed?.trim()) return null;
    const number = typed.trim().toUpperCase();
    if (!(await ticketsOf(email)).some((ticket) => ticketReference(ticket.id) === number))
      throw DomainError.field("ticketNumber", "customers.unknownTicket", { number: typed.trim() });
    return number;
  };

  return { orderOf, ticketOf };
}
