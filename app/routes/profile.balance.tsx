import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { BalancePage } from "~/features/balance/balance-page";
import { balancePolicyData } from "~/features/balance/balance-policy.server";
import { ProfileLayout } from "~/features/profile/profile-layout";
import { pageContext } from "~/page-context";
import type { Route } from "./+types/profile.balance";

export function loader({ url, context }: Route.LoaderArgs) {
  return balancePolicyData(url, context.get(pageContext));
}

export default function ProfileBalance({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("balance");
  return (
    <ProfileLayout title={t("heading")}>
      <BalancePage policy={loaderData.policy} />
    </ProfileLayout>
  );
}
