import { infoPage } from "~/features/catalog/content.server";
import { InfoPage } from "~/features/catalog/info-page";
import { localeFromPath } from "../../common/locales";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/about-us";

export async function loader({ url, context }: Route.LoaderArgs) {
  return infoPage("about-us", localeFromPath(url.pathname), await context.get(pageContext).promises());
}

export default function AboutUs({ loaderData }: Route.ComponentProps) {
  return <InfoPage page={loaderData} />;
}
