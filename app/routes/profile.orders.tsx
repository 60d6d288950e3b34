import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { OrdersPage } from "~/features/orders/orders-page";
import { ProfileLayout } from "~/features/profile/profile-layout";

export default function ProfileOrders() {
  const { t } = useTranslation("orders");
  return (
    <ProfileLayout title={t("heading")}>
      <OrdersPage />
    </ProfileLayout>
  );
}
