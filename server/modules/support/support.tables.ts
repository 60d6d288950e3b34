/** Tables owned by the support module. */
export interface SupportTables {
  support_tickets: {
    id: string;
    email: string;
    description: string;
    /** Language the sender wrote in (en | es): their confirmation mail uses it. */
    locale: string;
    created_at: string;
  };
}
