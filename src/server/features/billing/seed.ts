import { randomBytes } from "node:crypto";
import type { Db } from "../../db/client";
import { addMonths } from "./demo-provider";
import { insertOrReplaceSubscription } from "./queries";

/** The demo provider account's paid-up demo subscription: a trial that ended, now in its first paid month. */
export async function seedDemoSubscription(db: Db, userId: number, now: Date): Promise<void> {
  const trialEndsAt = new Date(now.getTime() - 3 * 24 * 60 * 60 * 1000);
  await insertOrReplaceSubscription(db, {
    userId,
    provider: "demo",
    customerId: `demo_cus_${randomBytes(8).toString("hex")}`,
    externalId: `demo_sub_${randomBytes(12).toString("hex")}`,
    status: "active",
    trialEndsAt,
    currentPeriodEnd: addMonths(trialEndsAt, 1),
    cancelAtPeriodEnd: false,
    canceledAt: null,
    cardLast4: "4242",
  });
}
