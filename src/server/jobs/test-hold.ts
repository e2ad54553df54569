// The several-processes test must catch a process in the middle of a match job to kill it there
// (decision 126). With TEST_HOLD_MATCH_TITLE set, the first attempt of a match job for a request of
// that title says so in the log and waits until the process is killed or pg-boss gives up on the
// job at its expiry; a retry goes through. Unset (always, outside that test), this does nothing.
import { eq } from "drizzle-orm";
import { quoteRequests } from "../db/schema/quote-requests";
import type { AppDeps } from "../deps";
import type { JobInfo } from "./queue";

export async function holdForTest(
  deps: Pick<AppDeps, "config" | "db" | "log">,
  quoteRequestId: number,
  job: JobInfo,
): Promise<void> {
  const title = deps.config.jobs.testHoldMatchTitle;
  if (title === null || job.retryCount > 0) return;
  const [row] = await deps.db
    .select({ title: quoteRequests.title })
    .from(quoteRequests)
    .where(eq(quoteRequests.id, quoteRequestId));
  if (row?.title !== title) return;
  deps.log.warn({ quoteRequestId, jobId: job.id }, "test hold: match job held until this process is killed");
  await new Promise<never>(() => undefined);
}
