import { z } from "zod";

/**
 * The back office's notification centre (issue 26, point 11): what staff are told about, each in their own list, and
 * how each person chooses what reaches them.
 */
export const NOTIFICATION_KINDS = ["newWork", "answer", "atRisk", "revision", "ticket"] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Per kind: shown in the centre only, also mailed in the digest, or not written at all. */
export const NOTIFICATION_DELIVERIES = ["centre", "digest", "off"] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];

export const DIGEST_FREQUENCIES = ["hourly", "daily", "never"] as const;
export type DigestFrequency = (typeof DIGEST_FREQUENCIES)[number];

export const notificationSchema = z.object({
  id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS).describe("newWork: an order waits for a writer; answer: a customer answered or wrote; atRisk: due within a day and not delivered; revision: a revision was requested; ticket: a ticket was assigned to you"),
  createdAt: z.string().describe("ISO-8601 UTC"),
  readAt: z.string().nullable(),
  orderNumber: z.string().nullable().describe("the order it is about (SC-000042), or null"),
  deliverable: z.number().int().nullable().describe("the deliverable's place in the order (1-based), or null for the whole order"),
  productId: z.string().nullable().describe("the deliverable's service, or null"),
  ticketId: z.string().nullable(),
  ticketReference: z.string().nullable().describe("the ticket's number (T-5A8E837D), or null"),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z.object({
  unread: z.enum(["true", "false"]).optional().describe("true: unread ones only"),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});

export const notificationListSchema = z.object({
  items: z.array(notificationSchema).describe("newest first"),
  unread: z.number().int().describe("how many of the person's notifications are unread"),
});
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationCountSchema = z.object({ unread: z.number().int() });
export type NotificationCount = z.infer<typeof notificationCountSchema>;

export const notificationIdParamsSchema = z.object({ id: z.string().min(1).max(100) });

const delivery = z.enum(NOTIFICATION_DELIVERIES);

export const notificationSettingsSchema = z.object({
  kinds: z.object({ newWork: delivery, answer: delivery, atRisk: delivery, revision: delivery, ticket: delivery }),
  frequency: z.enum(DIGEST_FREQUENCIES).describe("how often the digest of unread notifications is mailed"),
  locale: z.enum(["en", "es"]).describe("the digest's language"),
});
export type NotificationSettings = z.infer<typeof notificationSettingsSchema>;

/** What a person gets before they choose: new work, answers and work at risk in the daily digest too. */
export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  kinds: { newWork: "digest", answer: "digest", atRisk: "digest", revision: "centre", ticket: "centre" },
  frequency: "daily",
  locale: "en",
};
