// The admin activity log: every admin decision is written here, in the transaction that makes it.
import type { Db } from "../../db/client";
import { activityLogs } from "../../db/schema/activity-logs";

export type ActivityInput = {
  adminId: number;
  /** Verb first, snake_case, e.g. "approve_provider". */
  action: string;
  resourceType: string;
  resourceId: number | string;
  /** Stored as JSON text (objects) or as the plain message (strings). */
  details?: Record<string, unknown> | string | null;
};

export async function logActivity(tx: Db, input: ActivityInput): Promise<void> {
  const details =
    input.details === undefined || input.details === null
      ? null
      : typeof input.details === "string"
        ? input.details
        : JSON.stringify(input.details);
  await tx.insert(activityLogs).values({
    adminId: input.adminId,
    action: input.action,
    resourceType: input.resourceType,
    resourceId: String(input.resourceId),
    details,
  });
}
