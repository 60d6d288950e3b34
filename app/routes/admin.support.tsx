import { SupportInbox } from "~/features/admin-support/support-inbox";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminSupportInbox() {
  return (
    <RequireStaffRole least="writer">
      <SupportInbox />
    </RequireStaffRole>
  );
}
