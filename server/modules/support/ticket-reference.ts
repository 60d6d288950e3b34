/** The number a customer and the team use for a ticket: `T-` and the first eight hex digits of its id, never the raw id. */
export const ticketReference = (id: string): string => `T-${id.replace(/-/g, "").slice(0, 8).toUpperCase()}`;
