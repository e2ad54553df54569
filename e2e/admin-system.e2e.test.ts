// The admin's System tab (issue 31, decision 163) as an admin uses it: the queues, the database and the
// last hour's errors on show; a failed job retried, another discarded, a failed email sent again through
// the real SMTP server; each action in the activity log. What the product gave up on cannot be made to
// happen from a browser on demand, so the file's database starts with two failed jobs and a failed email.
import { describe, expect, it } from "vitest";
import { adminPage, statusText } from "./support/admin";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, startProduct } from "./support/fixture";
import { closeToast } from "./support/toast";

const RECIPIENT = "ops-summary@example.com";
const SUBJECT = "Your weekly marketplace summary";

const product = startProduct({
  mail: true,
  prepare: async (db) => {
    await db.query(
      `INSERT INTO pgboss.job (name, data, state, retry_limit, retry_count, output, completed_on, policy) VALUES
        ('rematch-open-requests', '{"reason":"admin approved a provider"}', 'failed', 3, 3,
          '{"message":"The database was restarting."}', now(), 'stately'),
        ('rematch-open-requests', '{"reason":"a provider subscribed"}', 'failed', 3, 3,
          '{"message":"Lost in a deploy."}', now() - interval '1 minute', 'stately')`,
    );
    await db.query(
      `INSERT INTO email_outbox (to_address, subject, text_body, html_body, kind, status, attempts, last_error)
        VALUES ($1, $2, 'Three new providers joined this week.', '<p>Three new providers joined this week.</p>',
          'admin.summary', 'failed', 5, 'Gave up after 5 attempts: 451 Try again later')`,
      [RECIPIENT, SUBJECT],
    );
  },
});

describe("the System tab", () => {
  it("retries a failed job, discards another and sends a failed email again, each in the activity log", async () => {
    const { context, page } = await adminPage(product);
    await page.goto("/admin/system");
    await page.getByRole("tab", { name: "System", selected: true }).waitFor();
    await page.getByRole("heading", { name: "Failed jobs (2)" }).waitFor();
    await page.getByRole("heading", { name: "Failed emails (1)" }).waitFor();
    expect(await page.getByTestId("queue-row").count()).toBeGreaterThanOrEqual(6);
    await page.getByText("Embedded database (PGlite)").waitFor();
    await page.getByText("None in the last hour.").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "admin-system");

    const jobs = page.getByTestId("failed-job");
    const restarting = jobs.filter({ hasText: "The database was restarting." });
    await restarting.getByRole("button", { name: "Retry: rematch-open-requests job" }).click();
    await expect.poll(() => statusText(page)).toContain("Job Retried");
    await page.getByRole("heading", { name: "Failed jobs (1)" }).waitFor();
    await closeToast(page);

    await jobs
      .filter({ hasText: "Lost in a deploy." })
      .getByRole("button", { name: /^Discard/ })
      .click();
    await expect.poll(() => statusText(page)).toContain("Job Discarded");
    await page.getByText("No failed jobs.").waitFor();
    await closeToast(page);

    await page.getByRole("button", { name: `Send again: ${SUBJECT}` }).click();
    await expect.poll(() => statusText(page)).toContain("Email Queued");
    await page.getByText("No failed emails.").waitFor();
    // The sender delivers it through the SMTP server.
    await expect
      .poll(
        async () => {
          const sent = await (await context.request.get("/api/admin/emails?status=sent&page=1")).json();
          return sent.emails.some((e: { subject: string }) => e.subject === SUBJECT);
        },
        { timeout: 20_000 },
      )
      .toBe(true);

    await page.goto("/admin/activity");
    for (const action of ["Retry job", "Discard job", "Resend email"]) {
      await page.getByTestId("activity-entry").filter({ hasText: action }).first().waitFor();
    }
  });
});
