// The System tab's API (issue 31, decision 163): the queues, failed jobs with Retry and Discard, failed
// emails with Send again, the last hour's 5xx answers, the database; admins only, each action logged.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { activityLogs } from "../../db/schema/activity-logs";
import { emailOutbox } from "../../db/schema/email-outbox";
import { serverErrors } from "../../db/schema/server-errors";
import { JOB_NAMES } from "../../jobs/queue";
import { notifyWithEmail } from "../../test/notify";
import { sharedTestContext } from "../../test/shared-context";
import { as, createUser, type TestUser } from "../../test/test-app";
import { waitFor } from "../../test/wait";
import { recordServerError } from "../system/server-errors";

// Mail off: emails stay pending, so that a test decides which fail.
const ctx = sharedTestContext({ MAIL_DISABLED: "true" });
let admin: TestUser;
let client: TestUser;

const overview = async (page = 1) => {
  const res = await as(ctx, admin, { method: "GET", url: `/api/admin/system?page=${page}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const activityOf = (action: string) =>
  ctx.database.db.select().from(activityLogs).where(eq(activityLogs.action, action));

/** A job that fails for real: its handler throws while `failing.now` holds, and its queue gives it up after its retry. */
const failing = { now: true };
let failedRuns = 0;

async function failedJobId(): Promise<string> {
  const before = new Set((await overview()).failedJobs.items.map((j: { id: string }) => j.id));
  await ctx.jobs.send(JOB_NAMES.purgeAuthRows, {});
  return waitFor(
    async () => (await overview()).failedJobs.items.find((j: { id: string }) => !before.has(j.id))?.id,
    20_000,
    "the job is given up",
  );
}

beforeAll(async () => {
  admin = await createUser(ctx, "admin", "system-admin");
  client = await createUser(ctx, "client", "system-client");
  await ctx.jobs.work(JOB_NAMES.purgeAuthRows, async () => {
    failedRuns += 1;
    if (failing.now) throw new Error("The sweep failed on purpose.");
  });
});

describe("GET /api/admin/system", () => {
  it("is the admin's only", async () => {
    expect((await ctx.app.inject({ method: "GET", url: "/api/admin/system" })).statusCode).toBe(401);
    expect((await as(ctx, client, { method: "GET", url: "/api/admin/system" })).statusCode).toBe(403);
    for (const [method, url] of [
      ["POST", "/api/admin/system/jobs/00000000-0000-4000-8000-000000000000/retry"],
      ["DELETE", "/api/admin/system/jobs/00000000-0000-4000-8000-000000000000"],
      ["POST", "/api/admin/emails/1/resend"],
    ] as const) {
      expect((await as(ctx, client, { method, url })).statusCode).toBe(403);
    }
  });

  it("shows every queue with what waits, the database, and the last hour's 5xx answers by route", async () => {
    await ctx.jobs.send(JOB_NAMES.rematchOpenRequests, { reason: "test" });
    for (const requestId of ["r1", "r2"]) {
      await recordServerError(ctx.database.db, { method: "GET", route: "/api/leads/:id", status: 500, requestId });
    }
    await recordServerError(ctx.database.db, { method: "POST", route: "/api/quotes", status: 503, requestId: "r3" });
    const data = await overview();
    expect(data.queues.map((q: { queue: string }) => q.queue).sort()).toEqual(Object.values(JOB_NAMES).sort());
    expect(data.queues.find((q: { queue: string }) => q.queue === JOB_NAMES.rematchOpenRequests).depth).toBe(1);
    expect(data.serverErrors).toEqual([
      { method: "GET", route: "/api/leads/:id", count: 2 },
      { method: "POST", route: "/api/quotes", count: 1 },
    ]);
    expect(data.database.kind).toBe(ctx.database.kind === "pglite" ? "embedded" : "postgres");
    expect(data.database.sizeBytes).toBeGreaterThan(1024 * 1024);
    // Outside production, the embedded database is what a developer runs: no warning.
    expect(data.database.warning).toBeNull();
  });

  it("a 5xx answer is recorded by its route's pattern, with the request's id it names as its reference", async () => {
    // The app as built, with one route of the test's that fails as a bug would.
    const app = await buildApp(ctx.deps, { serveWeb: false });
    app.get("/api/test/broken/:id", async () => {
      throw new Error("a bug");
    });
    await app.ready();
    try {
      const res = await app.inject({ method: "GET", url: "/api/test/broken/42" });
      expect(res.statusCode).toBe(500);
      const reference = res.json().reference;
      expect(res.json().message).toBe(`Something went wrong on our side. Please try again. (reference ${reference})`);
      const [row] = await waitFor(
        async () => {
          const rows = await ctx.database.db.select().from(serverErrors).where(eq(serverErrors.requestId, reference));
          return rows.length > 0 ? rows : undefined;
        },
        5000,
        "the 5xx is recorded",
      );
      expect(row).toMatchObject({ method: "GET", route: "/api/test/broken/:id", status: 500 });
      expect((await overview()).serverErrors).toContainEqual({
        method: "GET",
        route: "/api/test/broken/:id",
        count: 1,
      });
    } finally {
      await app.close();
    }
  });
});

describe("failed jobs", () => {
  it("lists a job given up on, with its error and runs; Retry runs it once more, and logs it", async () => {
    failing.now = true;
    const id = await failedJobId();
    const job = (await overview()).failedJobs.items.find((j: { id: string }) => j.id === id);
    expect(job).toMatchObject({
      queue: JOB_NAMES.purgeAuthRows,
      error: "The sweep failed on purpose.",
      attempts: 2,
      data: "{}",
    });

    failing.now = false;
    const runs = failedRuns;
    const res = await as(ctx, admin, { method: "POST", url: `/api/admin/system/jobs/${id}/retry` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ id, queue: JOB_NAMES.purgeAuthRows, message: "The job runs again now." });
    await waitFor(() => (failedRuns > runs ? true : undefined), 20_000, "the job runs again");
    expect((await overview()).failedJobs.items.map((j: { id: string }) => j.id)).not.toContain(id);
    expect(await activityOf("retry_job")).toEqual([
      expect.objectContaining({ adminId: admin.id, resourceType: "job", resourceId: id }),
    ]);
    // Twice: it is not failed any more.
    const again = await as(ctx, admin, { method: "POST", url: `/api/admin/system/jobs/${id}/retry` });
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe("No failed job has this id: it was retried or discarded already.");
  });

  it("Discard deletes a failed job, and logs it; an id that is not a job's is a 400", async () => {
    failing.now = true;
    const id = await failedJobId();
    const res = await as(ctx, admin, { method: "DELETE", url: `/api/admin/system/jobs/${id}` });
    expect(res.statusCode, res.body).toBe(200);
    expect((await overview()).failedJobs.items.map((j: { id: string }) => j.id)).not.toContain(id);
    expect(await activityOf("discard_job")).toEqual([
      expect.objectContaining({ adminId: admin.id, resourceType: "job", resourceId: id }),
    ]);
    expect((await as(ctx, admin, { method: "DELETE", url: `/api/admin/system/jobs/${id}` })).statusCode).toBe(404);
    const bad = await as(ctx, admin, { method: "DELETE", url: "/api/admin/system/jobs/not-a-job" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe("id: must be a job id");
  });
});

describe("failed emails", () => {
  it("Send again makes a failed email pending, due now, asks the sender, and logs it; only a failed one", async () => {
    await notifyWithEmail(ctx, client, "quote.received", { subject: "Your quote arrived" });
    const [row] = await ctx.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, client.email));
    if (!row) throw new Error("no email");
    const pending = await as(ctx, admin, { method: "POST", url: `/api/admin/emails/${row.id}/resend` });
    expect(pending.statusCode).toBe(409);
    expect(pending.json().message).toBe("This email is waiting to be sent already.");

    await ctx.database.db
      .update(emailOutbox)
      .set({ status: "failed", attempts: 5, lastError: "Gave up after 5 attempts: 451" })
      .where(eq(emailOutbox.id, row.id));
    expect((await overview()).failedEmails).toBe(1);
    const res = await as(ctx, admin, { method: "POST", url: `/api/admin/emails/${row.id}/resend` });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ id: row.id, status: "pending", attempts: 0, subject: "Your quote arrived" });
    expect((await overview()).failedEmails).toBe(0);
    expect(await activityOf("resend_email")).toEqual([
      expect.objectContaining({ adminId: admin.id, resourceType: "email", resourceId: String(row.id) }),
    ]);
    expect((await as(ctx, admin, { method: "POST", url: "/api/admin/emails/2147483647/resend" })).statusCode).toBe(404);
  });
});
