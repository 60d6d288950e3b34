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
    /** What it is about: asked on the contact form; empty on older tickets (their first line stands in). */
    subject: Generated<string>;
    /** When staff first answered (the first-response timer stops). */
    first_response_at: string | null;
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
  /** Answers staff reuse, each in both languages (the reply is filled in the requester's). */
  support_saved_replies: {
    id: string;
    title_en: string;
    body_en: string;
    title_es: string;
    body_es: string;
    created_by: string | null;
    created_at: string;
    updated_at: string;
  };
  /** Staff-only notes on a ticket: never part of the thread, never mailed. */
  support_notes: {
    id: string;
    ticket_id: string;
    staff_id: string | null;
    body: string;
    created_at: string;
  };
  support_ticket_tags: {
    ticket_id: string;
    tag: string;
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
