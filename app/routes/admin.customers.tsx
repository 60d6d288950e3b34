import { CustomersPage } from "~/features/admin-customers/customers-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminCustomersPage() {
  return (
    <RequireStaffRole least="manager">
      <CustomersPage />
    </RequireStaffRole>
  );
}
