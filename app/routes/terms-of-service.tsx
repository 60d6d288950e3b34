import { infoPage } from "~/features/catalog/content.server";
import { InfoPage } from "~/features/catalog/info-page";
import { localeFromPath } from "../../common/locales";
import type { Route } from "./+types/terms-of-service";

export async function loader({ request, context }: Route.LoaderArgs) {
  return infoPage("terms-of-service", localeFromPath(new URL(request.url).pathname), await context.productTerms());
}

export default function TermsOfService({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData} />;
}
