import { DomainError } from "../../platform/domain-error";
import type { PaymentProvider } from "../payments";
import type { DepositRow, DepositsRepository } from "./deposits.repository";

const DEPOSIT_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A deposit as its owner may see it: 404 for anyone else, and for an id that is not a deposit's. */
export interface DepositAccess {
  owned(userId: string, depositId: string): Promise<DepositRow>;
  /** The owner's deposit on the sandbox provider; 404 when the store takes real payments. */
  ownedSandbox(userId: string, depositId: string): Promise<DepositRow>;
}

export function createDepositAccess(
  repository: Pick<DepositsRepository, "find">,
  payments: Pick<PaymentProvider, "name">,
): DepositAccess {
  const owned = async (userId: string, depositId: string): Promise<DepositRow> => {
    // Ids are UUIDs: anything else (a NUL byte PostgreSQL refuses, say) is simply not found.
    if (!DEPOSIT_ID.test(depositId)) throw DomainError.notFound();
    const row = await repository.find(depositId);
    if (!row || row.user_id !== userId) throw DomainError.notFound();
    return row;
  };
  return {
    owned,
    async ownedSandbox(userId, depositId) {
      const row = await owned(userId, depositId);
      if (payments.name !== "sandbox" || row.provider !== "sandbox") throw DomainError.notFound();
      return row;
    },
  };
}
