// The Activity tab (spec section 3, "Activity log entry"): what admins did, newest first, with the
// admin's name. Entries are written by each admin mutation, in its transaction (activity/service.ts).
import { desc, eq, lt } from "drizzle-orm";
import { type ActivityEntry, activityPageSchema, pageQuerySchema } from "@/shared/admin";
import type { Db } from "../../db/client";
import { activityLogs } from "../../db/schema/activity-logs";
import { users } from "../../db/schema/users";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import type { RoutePlugin } from "../../http/types";
import { adminListRoute } from "./errors";

export async function listActivity(db: Db, query: { cursor?: string | undefined; limit?: number | undefined }) {
  const after = idCursor(query.cursor);
  const limit = pageLimit(query.limit);
  const rows = await db
    .select({
      entry: activityLogs,
      admin: { firstName: users.firstName, lastName: users.lastName },
    })
    .from(activityLogs)
    .innerJoin(users, eq(users.id, activityLogs.adminId))
    .where(after === null ? undefined : lt(activityLogs.id, after))
    .orderBy(desc(activityLogs.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    ({ entry, admin }): ActivityEntry => ({
      id: entry.id,
      action: entry.action,
      resourceType: entry.resourceType,
      resourceId: entry.resourceId,
      details: entry.details,
      createdAt: entry.createdAt.toISOString(),
      admin,
    }),
    (r) => r.entry.id,
  );
}

export const activityRoutes: RoutePlugin = async (app) => {
  adminListRoute(app, "/api/admin/activity-logs", { page: activityPageSchema, query: pageQuerySchema }, listActivity);
};
