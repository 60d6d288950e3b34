import { useParams } from "react-router";
import { StaffFileOpener } from "~/features/admin-orders/staff-file-opener";
import { RequireStaffRole } from "~/lib/auth/staff-role";

/** A delivered file's link opened in a new tab (a middle-click): the tab signs in as every tab does, then opens the file. */
export default function AdminOrderFile() {
  const params = useParams();
  return (
    <RequireStaffRole least="writer">
      <StaffFileOpener number={(params.number ?? "").toUpperCase()} fileId={params.fileId ?? ""} />
    </RequireStaffRole>
  );
}
