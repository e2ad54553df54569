import {
  notificationIdParamsSchema,
  notificationListSchema,
  notificationPreferencesSchema,
  notificationSchema,
  outboxPageSchema,
  outboxQuerySchema,
  readAllResultSchema,
  updateNotificationPreferencesSchema,
} from "@/shared/notifications";
import { pageQuerySchema } from "@/shared/paging";
import { badRequestSchema, messageOnlySchema } from "../../http/error-responses";
import { currentUser, requireRole } from "../../http/session";
import type { RoutePlugin } from "../../http/types";
import {
  getNotificationPreferences,
  listNotifications,
  listOutbox,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationPreferences,
} from "./service";

const errors = { 400: badRequestSchema, 401: messageOnlySchema, 403: messageOnlySchema, 404: messageOnlySchema };

// The notification centre: every signed-in role, each user only their own notifications.
export const notificationRoutes: RoutePlugin = async (app, { config }) => {
  app.get(
    "/api/notifications",
    {
      schema: {
        tags: ["notifications"],
        querystring: pageQuerySchema,
        response: { 200: notificationListSchema, ...errors },
      },
      preValidation: requireRole(),
    },
    async (request) => listNotifications(app.db, currentUser(request).id, request.query),
  );

  app.post(
    "/api/notifications/:id/read",
    {
      schema: {
        tags: ["notifications"],
        params: notificationIdParamsSchema,
        response: { 200: notificationSchema, ...errors },
      },
      preValidation: requireRole(),
    },
    async (request) => markNotificationRead(app.db, currentUser(request).id, request.params.id),
  );

  app.post(
    "/api/notifications/read-all",
    {
      schema: { tags: ["notifications"], response: { 200: readAllResultSchema, ...errors } },
      preValidation: requireRole(),
    },
    async (request) => markAllNotificationsRead(app.db, currentUser(request).id),
  );

  app.get(
    "/api/notifications/preferences",
    {
      schema: { tags: ["notifications"], response: { 200: notificationPreferencesSchema, ...errors } },
      preValidation: requireRole(),
    },
    async (request) => getNotificationPreferences(app.db, currentUser(request)),
  );

  app.put(
    "/api/notifications/preferences",
    {
      schema: {
        tags: ["notifications"],
        body: updateNotificationPreferencesSchema,
        response: { 200: notificationPreferencesSchema, ...errors },
      },
      preValidation: requireRole(),
    },
    async (request) => updateNotificationPreferences(app.db, currentUser(request), request.body),
  );

  app.get(
    "/api/admin/emails",
    {
      schema: { tags: ["admin"], querystring: outboxQuerySchema, response: { 200: outboxPageSchema, ...errors } },
      preValidation: requireRole("admin"),
    },
    async (request) => listOutbox(app.db, request.query, config.mail),
  );
};
