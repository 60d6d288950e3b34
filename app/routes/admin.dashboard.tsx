import { useTranslation } from "react-i18next";
import { AdminFrame } from "~/features/admin-orders/admin-frame";
import { DashboardScreen } from "~/features/admin-orders/dashboard";
import { PromotionFigures } from "~/features/admin-promotions/promotions-page";

export default function AdminDashboard() {
  const { t } = useTranslation("admin-orders");
  return (
    <AdminFrame title={t("title.dashboard")}>
      <DashboardScreen />
      <div className="mt-8">
        <PromotionFigures />
      </div>
    </AdminFrame>
  );
}
