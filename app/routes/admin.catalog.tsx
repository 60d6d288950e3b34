import { CatalogPage } from "~/features/admin-catalog/catalog-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminCatalogPage() {
  return (
    <RequireStaffRole least="admin">
      <CatalogPage />
    </RequireStaffRole>
  );
}
