// Alerts are raised by the system for admins. Each has a `cause`, unique, so that the same cause
// (this request missed its deadline, say) raises one alert however often it is noticed.
import { sql } from "drizzle-orm";
import type { AlertSeverity } from "@/shared/alerts";
import type { Db } from "../../db/client";
import { wroteAny } from "../../db/row-count";
import { alerts } from "../../db/schema/alerts";

export type AlertInput = {
  type: string;
  severity: AlertSeverity;
  title: string;
  description: string;
  resourceType?: string;
  resourceId?: number;
  cause: string;
};

/** True when the alert is new; false when one for this cause exists already. */
export async function raiseAlert(tx: Db, input: AlertInput): Promise<boolean> {
  return wroteAny(
    tx
      .insert(alerts)
      .values({ ...input, resourceType: input.resourceType ?? null, resourceId: input.resourceId ?? null })
      .onConflictDoNothing({ target: alerts.cause })
      .returning({ id: alerts.id }),
  );
}

/**
 * What resolving an alert writes (an update's `set`): by whom and when, and its cause set free (decision
 * 095), so that the same thing happening again (a reopened request missing its new deadline) raises a new
 * alert instead of nothing.
 */
export function alertResolution(adminId: number) {
  return {
    isResolved: true,
    resolvedAt: sql`now()`,
    resolvedBy: adminId,
    cause: sql`${alerts.cause} || ' #resolved ' || ${alerts.id}`,
  };
}
