import { AuditPage } from "~/features/admin/audit-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminAuditRoute() {
  return (
    <RequireStaffRole least="admin">
      <AuditPage />
    </RequireStaffRole>
  );
}
