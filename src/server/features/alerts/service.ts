// Alerts are raised by the system for admins. Each has a `cause`, unique, so that the same cause
// (this request missed its deadline, say) raises one alert however often it is noticed.
import type { AlertSeverity } from "@/shared/alerts";
import type { Db } from "../../db/client";
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
  const rows = await tx
    .insert(alerts)
    .values({ ...input, resourceType: input.resourceType ?? null, resourceId: input.resourceId ?? null })
    .onConflictDoNothing({ target: alerts.cause })
    .returning({ id: alerts.id });
  return rows.length > 0;
}
