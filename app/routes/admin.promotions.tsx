import { PromotionsPage } from "~/features/admin-promotions/promotions-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminPromotions() {
  return (
    <RequireStaffRole least="manager">
      <PromotionsPage />
    </RequireStaffRole>
  );
}
