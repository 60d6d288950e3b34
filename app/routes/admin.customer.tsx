import { useParams } from "react-router";
import { CustomerPage } from "~/features/admin-customers/customer-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminCustomer() {
  const id = useParams().customerId ?? "";
  return (
    <RequireStaffRole least="manager">
      <CustomerPage id={id} />
    </RequireStaffRole>
  );
}
