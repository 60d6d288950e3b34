import "~/i18n/account-ready";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { OrderPage } from "../features/orders/order-page";
import { ProfileLayout } from "../features/profile/profile-layout";

export default function ProfileOrder() {
  const { t } = useTranslation("orders");
  const number = (useParams().number ?? "").toUpperCase();
  return (
    <ProfileLayout title={t("number", { number })}>
      <OrderPage number={number} />
    </ProfileLayout>
  );
}
