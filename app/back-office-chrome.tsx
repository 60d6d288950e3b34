import "~/i18n/back-office-ready";
import { GlobalSearch } from "~/features/admin/global-search";
import { BackOfficeBar } from "~/features/layout/back-office-bar";

/**
 * The back office's top bar with its global search, as the root layout shows it on /admin pages. Its own module,
 * loaded by the layout only there: a storefront page never downloads back-office code (issue 27).
 */
export default function BackOfficeChrome() {
  return <BackOfficeBar search={<GlobalSearch />} />;
}
