/**
 * The number a customer and the team use for a ticket: `T-` and the first eight hex digits of its id, never the raw
 * id. It is the one number on every mail, page and title (the acknowledgement has always carried it); a new ticket's
 * id is drawn again until its eight digits are free (support.service.ts), so the number names one ticket.
 */
export const ticketReference = (id: string): string => `T-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;

const REFERENCE = /^T-([0-9A-F]{8})$/i;

/** The id prefix a ticket number stands for (`T-5A8E837D` → `5a8e837d-`), or undefined when `text` is not one. */
export function referencePrefix(text: string): string | undefined {
  const match = REFERENCE.exec(text.trim());
  return match?.[1] ? `${match[1].toLowerCase()}-` : undefined;
}
