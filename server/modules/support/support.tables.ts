import type { Generated } from "kysely";

export type TicketStatus = "open" | "closed";

/** Tables owned by the support module. */
export interface SupportTables {
  support_tickets: {
    id: string;
    email: string;
    /** The requester's first message. */
    description: string;
    /** Language the sender wrote in (en | es): their confirmation mail uses it. */
    locale: string;
    created_at: string;
    status: Generated<TicketStatus>;
    /** The member of staff who looks after it. */
    assigned_to: string | null;
    closed_at: string | null;
    /** Last message or state change: the inbox sorts by it. */
    updated_at: string | null;
  };
  /** The thread after the first message, both ways. */
  support_messages: {
    id: string;
    ticket_id: string;
    author: "requester" | "staff";
    staff_id: string | null;
    body: string;
    created_at: string;
  };
  /** Full-text search rows of tickets (reference, e-mail, first message) and their messages, written by triggers. */
  ticket_search: {
    rid: Generated<number>;
    ticket_id: string;
    kind: "ticket" | "message";
    key: string;
    document: string;
  };
  /** Private links mailed to the requester with each staff reply; only the token's SHA-256 is kept. */
  support_ticket_links: {
    token_hash: string;
    ticket_id: string;
    created_at: string;
    expires_at: string;
  };
}
