import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { StaffActor } from "../../platform/staff-action";
import type { SupportDeskDeps } from "./support-desk-deps";
import type { TicketReader } from "./support-desk-tickets";
import { ticketReference } from "./ticket-reference";

export interface TicketHandOver {
  /**
   * A colleague's deactivation, in its transaction: every open ticket assigned to `fromId` goes to `toId` when they
   * handle support, else back to the inbox (unassigned); each move audited, the new assignee told. Answers how many.
   */
  handOverTickets(trx: Kysely<Database>, actor: StaffActor, fromId: string, toId: string | null): Promise<number>;
}

type HandOverDeps = Pick<SupportDeskDeps, "repository" | "audit" | "notifier"> & { clock: { now(): Date }; tickets: TicketReader };

export function createTicketHandOver({ repository, audit, notifier, clock, tickets }: HandOverDeps): TicketHandOver {
  return {
    async handOverTickets(trx, actor, fromId, toId) {
      const supportStaff = await tickets.staffOf(undefined, trx);
      const to = toId && supportStaff.some((member) => member.id === toId) ? toId : null;
      const held = await repository.openAssignedTo(fromId, trx);
      const at = clock.now().toISOString();
      for (const id of held) {
        await repository.update(id, { assigned_to: to, updated_at: at }, trx);
        const values = { before: { status: "open", assignedTo: fromId }, after: { status: "open", assignedTo: to } };
        await audit.record({ actor, action: "ticket.assign", subjectType: "support_ticket", subjectId: id, ...values }, trx);
        if (to) await notifier?.notify(trx, { kind: "ticket", ticket: { id, reference: ticketReference(id) }, assignees: [to], actorId: actor.id });
      }
      return held.length;
    },
  };
}
