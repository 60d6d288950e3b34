import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/features/admin-orders/admin-frame";
import { DashboardScreen } from "~/features/admin-orders/dashboard";

export default function AdminDashboard() {
  const { t } = useTranslation("admin-orders");
  return (
    <AdminFrame title={t("title.dashboard")}>
      <DashboardScreen />
    </AdminFrame>
  );
}
