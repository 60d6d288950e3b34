import { useTranslation } from "react-i18next";
import { roleAtLeast } from "../../contract/staff";
import { AdminFrame } from "~/features/admin-orders/admin-frame";
import { DashboardScreen } from "~/features/admin-orders/dashboard";
import { PromotionFigures } from "~/features/admin-promotions/promotions-page";
import { useViewerRole } from "~/lib/auth/staff-role";

export default function AdminDashboard() {
  const { t } = useTranslation("admin-orders");
  // Promotion codes are managers' and admins' (the API refuses writers): a writer's dashboard does not ask for them.
  const mayManageCodes = roleAtLeast(useViewerRole(), "manager");
  return (
    <AdminFrame title={t("title.dashboard")}>
      <DashboardScreen />
      {mayManageCodes ? (
        <div className="mt-8">
          <PromotionFigures />
        </div>
      ) : null}
    </AdminFrame>
  );
}
