import { useTranslation } from "react-i18next";
import { BalancePage } from "~/features/balance/balance-page";
import { ProfileLayout } from "~/features/profile/profile-layout";

export default function ProfileBalance() {
  const { t } = useTranslation("balance");
  return (
    <ProfileLayout title={t("heading")}>
      <BalancePage />
    </ProfileLayout>
  );
}
