// A client's quote requests wait while the account's address is unconfirmed (decision 150); the
// confirmation (the emailed link, or a password reset by one) sends them to providers.
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { JOB_NAMES, type JobQueue } from "../../jobs/queue";

/**
 * Called in the transaction that confirms the address, with the account as it was before: the
 * matching sweep then finds the client's held requests, now that their owner is confirmed.
 */
export async function releaseHeldRequests(
  tx: Db,
  jobs: JobQueue,
  before: Pick<UserRow, "userType" | "emailVerifiedAt">,
): Promise<void> {
  if (before.userType !== "client" || before.emailVerifiedAt) return;
  await jobs.send(JOB_NAMES.rematchOpenRequests, { reason: "client-confirmed" }, { tx });
}
