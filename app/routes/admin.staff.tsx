import { StaffPage } from "~/features/admin/staff-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminStaffRoute() {
  return (
    <RequireStaffRole least="admin">
      <StaffPage />
    </RequireStaffRole>
  );
}
