import type { Kysely } from "kysely";
import type { Database } from "../../db/schema";
import type { StaffNotice, StaffRoster } from "./notification-ports";

/** Who hears of `notice`: each active assignee, and managers and admins for work nobody active has. */
export async function recipientsOf(roster: StaffRoster, trx: Kysely<Database>, notice: StaffNotice): Promise<string[]> {
  const members = await roster.activeMembers(trx);
  const active = new Set(members.map((member) => member.id));
  const managers = members.filter((member) => member.role !== "writer").map((member) => member.id);
  const told = new Set<string>();
  for (const assignee of notice.assignees ?? [null]) {
    if (assignee && active.has(assignee)) told.add(assignee);
    else for (const id of managers) told.add(id);
  }
  if (notice.actorId) told.delete(notice.actorId);
  return [...told];
}
