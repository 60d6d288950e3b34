import { NotificationsPage } from "~/features/admin/notifications-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminNotificationsRoute() {
  return (
    <RequireStaffRole least="writer">
      <NotificationsPage />
    </RequireStaffRole>
  );
}
