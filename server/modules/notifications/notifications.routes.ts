import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { problemSchema } from "../../../contract/errors";
import {
  notificationCountSchema,
  notificationIdParamsSchema,
  notificationListQuerySchema,
  notificationListSchema,
  notificationSettingsSchema,
} from "../../../contract/notifications";
import { routeGroup } from "../../platform/route-group";
import type { NotificationsService } from "./notifications.service";

/**
 * The back office's notification centre: every member of staff (writers too) reads and marks only their own
 * notifications, and chooses what they get and how often the digest comes.
 */
export const notificationsRoutes: FastifyPluginAsyncZod<{ notifications: NotificationsService }> = async (app, { notifications }) => {
  const staff = routeGroup(app, {
    guard: "writer",
    tags: ["notifications"],
    errors: { 400: problemSchema, 401: problemSchema, 403: problemSchema, 404: problemSchema },
  });
  staff.get(
    "/admin/notifications",
    {
      summary: "My notifications, newest first (new unassigned work, answers, work at risk, revisions, tickets), with my unread count",
      querystring: notificationListQuerySchema,
      response: { 200: notificationListSchema },
    },
    async ({ user, query }) => notifications.list(user.id, { unreadOnly: query.unread === "true", limit: query.limit }),
  );
  staff.get(
    "/admin/notifications/count",
    { summary: "How many of my notifications are unread (the bell)", response: { 200: notificationCountSchema } },
    async ({ user }) => ({ unread: await notifications.unreadCount(user.id) }),
  );
  staff.post(
    "/admin/notifications/read-all",
    { summary: "Marks all my notifications read", response: { 200: notificationCountSchema } },
    async ({ user }) => {
      await notifications.markAllRead(user.id);
      return { unread: 0 };
    },
  );
  staff.post(
    "/admin/notifications/:id/read",
    { summary: "Marks one of my notifications read; 404 when I have none with that id", params: notificationIdParamsSchema, response: { 200: notificationCountSchema } },
    async ({ user, params }) => {
      await notifications.markRead(user.id, params.id);
      return { unread: await notifications.unreadCount(user.id) };
    },
  );
  staff.get(
    "/admin/notifications/settings",
    { summary: "What I get per kind (centre only, also in the digest, off), how often the digest comes, and its language", response: { 200: notificationSettingsSchema } },
    async ({ user, locale }) => notifications.settings(user.id, locale),
  );
  staff.put(
    "/admin/notifications/settings",
    { summary: "Saves my choices", body: notificationSettingsSchema, response: { 200: notificationSettingsSchema } },
    async ({ user, body }) => notifications.saveSettings(user.id, body),
  );
};
