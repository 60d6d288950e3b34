import { useTranslation } from "react-i18next";
import { useParams } from "react-router";
import { AdminFrame } from "~/features/admin-orders/admin-frame";
import { StaffOrderScreen } from "~/features/admin-orders/staff-order-page";

export default function AdminOrder() {
  const { t } = useTranslation("admin-orders");
  const number = (useParams().number ?? "").toUpperCase();
  return (
    <AdminFrame title={t("title.order", { number })}>
      <StaffOrderScreen number={number} />
    </AdminFrame>
  );
}
