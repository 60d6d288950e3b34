import { balancePolicyText } from "../../../content/policies/balance-withdrawal";
import { localeFromPath } from "../../../common/locales";
import type { PageContext } from "../../../common/page-context";

/**
 * Loader data of the pages that state the unused-balance policy (balance, account closing): the one text of
 * content/policies, filled with the store's settings, in the page's language. The copy never enters the client bundle.
 */
export function balancePolicyData(url: URL, page: Pick<PageContext, "balancePolicy">): { policy: string } {
  return { policy: balancePolicyText(localeFromPath(url.pathname), page.balancePolicy) };
}
