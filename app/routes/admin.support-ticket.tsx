import { useParams } from "react-router";
import { TicketPage } from "~/features/admin-support/ticket-page";
import { RequireStaffRole } from "~/lib/auth/staff-role";

export default function AdminSupportTicket() {
  const id = useParams().ticketId ?? "";
  return (
    <RequireStaffRole least="writer">
      <TicketPage id={id} />
    </RequireStaffRole>
  );
}
