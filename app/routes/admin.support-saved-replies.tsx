import { SavedRepliesPage } from "~/features/admin-support/saved-replies-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminSupportSavedReplies() {
  return (
    <RequireStaffRole least="manager">
      <SavedRepliesPage />
    </RequireStaffRole>
  );
}
