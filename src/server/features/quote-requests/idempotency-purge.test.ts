// The hourly purge job (purge-auth-rows) also deletes expired Idempotency-Keys (decision 110): the
// handler startWorkers registers for it is run here on the test's database, directly and once.
import { describe, expect, it } from "vitest";
import { idempotencyKeys } from "../../db/schema/idempotency-keys";
import { JOB_NAMES, type JobInfo, type JobName, type JobPayloads, type JobQueue } from "../../jobs/queue";
import { startWorkers } from "../../jobs/workers";
import { quoteRequestBody } from "../../test/fixtures";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, signIn } from "../../test/test-app";
import { IDEMPOTENCY_KEY_TTL_MS } from "./service";

const ctx = sharedTestContext();

/** The purge job's handler as startWorkers registers it, taken from a queue that only records. */
async function purgeJobHandler(): Promise<() => Promise<void>> {
  let purge: (() => Promise<void>) | undefined;
  const recorder: JobQueue = {
    ...ctx.jobs,
    schedule: async () => undefined,
    work: async <N extends JobName>(name: N, handler: (data: JobPayloads[N], job: JobInfo) => Promise<void>) => {
      // The name says which payload this is: the purge job's, which is empty.
      const payload: JobPayloads["purge-auth-rows"] = {};
      if (name === JOB_NAMES.purgeAuthRows)
        purge = () => handler(payload as JobPayloads[N], { id: "purge", retryCount: 0 });
      return;
    },
  };
  await startWorkers({ ...ctx.deps, jobs: recorder });
  if (!purge) throw new Error("startWorkers registered no handler for the purge job");
  return purge;
}

describe("the purge job", () => {
  it("deletes the Idempotency-Keys that expired and keeps the live ones", async () => {
    const client = await createUser(ctx, "client");
    const submit = (key: string) =>
      as(ctx, client, {
        method: "POST",
        url: "/api/quote-requests",
        headers: { "idempotency-key": key },
        payload: quoteRequestBody(),
      });
    expect((await submit("expires")).statusCode).toBe(201);
    ctx.clock.advance(IDEMPOTENCY_KEY_TTL_MS);
    client.cookie = (await signIn(ctx, client.email, client.password)).cookie;
    expect((await submit("lives")).statusCode).toBe(201);

    await (await purgeJobHandler())();
    expect(await ctx.database.db.select({ key: idempotencyKeys.key }).from(idempotencyKeys)).toEqual([
      { key: "lives" },
    ]);
  });
});
