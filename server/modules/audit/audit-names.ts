import type { AuditEntry } from "../../../contract/audit";

/** Who people are, as the accounts module answers it (never its tables): an e-mail, a name. */
export interface AuditPeople {
  idByEmail(email: string): Promise<string | undefined>;
  byIds(ids: readonly string[]): Promise<Array<{ id: string; email: string; first_name: string; last_name: string }>>;
}

/** What other modules call the log's subjects, through their public services (never their tables). */
export interface AuditSubjects {
  /** Order numbers by order id (the orders module); unknown ids are left out. */
  orderNumbers(ids: readonly string[]): Promise<Map<string, string>>;
  /** The number a support ticket is known by (the support module). */
  ticketReference(id: string): string;
}

/** A log row as read, before its names are known. */
export type RawEntry = Omit<AuditEntry, "actorEmail" | "actorName" | "subjectLabel" | "names">;

const PEOPLE_SUBJECTS = ["customer", "staff"];
const nameOf = (person: { email: string; first_name: string; last_name: string }) => `${person.first_name} ${person.last_name}`.trim() || person.email;
const assignee = (change: unknown): string | null => {
  const value = (change as { assignedTo?: unknown } | null)?.assignedTo;
  return typeof value === "string" && value ? value : null;
};

/**
 * Names a page of the log for people to read: the actor's name and e-mail, the subject as people call it (an order's
 * number, a customer's or staff member's name, a ticket's number, an invitation's e-mail) and the people its change
 * mentions. One batch per owning module, whatever the page's size.
 */
export async function nameEntries(rows: RawEntry[], people: AuditPeople, subjects: AuditSubjects | undefined): Promise<AuditEntry[]> {
  const personIds = rows.flatMap((row) => [
    ...(row.actorId ? [row.actorId] : []),
    ...(PEOPLE_SUBJECTS.includes(row.subjectType) ? [row.subjectId] : []),
    ...[assignee(row.before), assignee(row.after)].filter((id): id is string => id !== null),
  ]);
  const persons = new Map((await people.byIds([...new Set(personIds)])).map((person) => [person.id, person]));
  const orderIds = rows.filter((row) => row.subjectType === "order").map((row) => row.subjectId);
  const numbers = subjects && orderIds.length > 0 ? await subjects.orderNumbers([...new Set(orderIds)]) : new Map<string, string>();
  const label = (row: RawEntry): string | null => {
    if (row.subjectType === "order") return numbers.get(row.subjectId) ?? null;
    if (PEOPLE_SUBJECTS.includes(row.subjectType)) {
      const person = persons.get(row.subjectId);
      return person ? nameOf(person) : null;
    }
    if (row.subjectType === "support_ticket") return subjects?.ticketReference(row.subjectId) ?? null;
    if (row.subjectType === "invitation") return ((row.after as { email?: unknown } | null)?.email as string | undefined) ?? null;
    if (row.subjectType === "product") return row.subjectId;
    if (row.subjectType === "promotion_code") return ((row.after ?? row.before) as { code?: string } | null)?.code ?? null;
    return null;
  };
  return rows.map((row) => {
    const actor = row.actorId ? persons.get(row.actorId) : undefined;
    const mentioned = [assignee(row.before), assignee(row.after)].flatMap((id) => {
      const person = id ? persons.get(id) : undefined;
      return id && person ? [[id, nameOf(person)] as const] : [];
    });
    return {
      ...row,
      actorEmail: actor?.email ?? null,
      actorName: actor ? nameOf(actor) : null,
      subjectLabel: label(row),
      names: Object.fromEntries(mentioned),
    };
  });
}
