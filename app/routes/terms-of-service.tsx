import { infoPage } from "~/features/catalog/content.server";
import { InfoPage } from "~/features/catalog/info-page";
import { localeFromPath } from "../../common/locales";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/terms-of-service";

export async function loader({ url, context }: Route.LoaderArgs) {
  const page = context.get(pageContext);
  return infoPage("terms-of-service", localeFromPath(url.pathname), await page.promises(), page.balancePolicy);
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData} />;
}
