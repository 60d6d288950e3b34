import { NotificationSettingsPage } from "~/features/admin/notification-settings-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminNotificationSettingsRoute() {
  return (
    <RequireStaffRole least="writer">
      <NotificationSettingsPage />
    </RequireStaffRole>
  );
}
