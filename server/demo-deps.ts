import type { AccountsModule } from "./modules/accounts";
import type { OrdersService } from "./modules/orders";
import type { WalletService } from "./modules/wallet";
import type { TransactionOpener } from "./platform/transactions";

/** What seeding the demo data needs from the composition root: the services it works through. */
export interface DemoDeps {
  accounts: AccountsModule;
  wallet: WalletService;
  orders: OrdersService;
  transaction: TransactionOpener;
}
