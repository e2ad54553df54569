// Demo accounts and data for the embedded database only (config.demoData is never true for DATABASE_URL).
// A marketplace with a past (decision 103): providers vetted weeks ago, clients' requests in every
// state with their leads, quotes, hires, alerts and activity, all made by the product's own services.
import { count, eq } from "drizzle-orm";
import type { UserType } from "@/shared/users";
import type { Db } from "../db/client";
import { alerts } from "../db/schema/alerts";
import { companies } from "../db/schema/companies";
import { emailOutbox } from "../db/schema/email-outbox";
import { leads } from "../db/schema/leads";
import { type UserRow, users } from "../db/schema/users";
import type { AppDeps } from "../deps";
import { resolveAlert } from "../features/admin/alerts";
import { hashPassword } from "../features/auth/password";
import { seedDemoSubscription } from "../features/billing/seed";
import { applyAsDemoCompany, DEMO_APPLICANT_EMAIL, DEMO_COMPANIES, type DemoCompany } from "../features/companies/seed";
import { decideProvider } from "../features/companies/service";
import { refreshAllProviderStats } from "../features/companies/stats";
import { sendMessage } from "../features/conversations/service";
import { declineMyLead, viewMyLead } from "../features/leads/service";
import { matchQuoteRequest, tooFewProvidersCause } from "../features/matching/service";
import { cancelQuoteRequest, submitQuoteRequest } from "../features/quote-requests/service";
import { acceptQuote, declineQuote, sendQuote } from "../features/quotes/service";
import { JOB_NAMES, type JobName, type JobQueue } from "../jobs/queue";
import { backdate, markOldNotificationsRead, recountDailyFigures } from "./history";
import { seedDemoProfiles } from "./profiles";
import { seedDemoReviews } from "./reviews";
import { DEMO_STORIES, type DemoStory } from "./stories";
import { DEMO_CLIENTS, type DemoProviderKey, demoProviderEmail } from "./story-cast";

export const DEMO_PASSWORD = "automatch-demo";

type DemoAccount = { email: string; firstName: string; lastName: string; userType: UserType };

/** The accounts the start-up log names one by one: one of each role, and the providers' special cases. */
export const DEMO_ACCOUNTS: DemoAccount[] = [
  { email: "client@demo.automatch.io", firstName: "Casey", lastName: "Client", userType: "client" },
  { email: "provider@demo.automatch.io", firstName: "Pat", lastName: "Provider", userType: "provider" },
  { email: "admin@demo.automatch.io", firstName: "Alex", lastName: "Admin", userType: "admin" },
  // A second provider, approved, without a subscription, to try the subscription page's card form with.
  { email: "provider2@demo.automatch.io", firstName: "Sam", lastName: "Subscriber", userType: "provider" },
  // A provider whose company waits for review, so that the admin's Providers tab has one to decide.
  { email: DEMO_APPLICANT_EMAIL, firstName: "Riley", lastName: "Applicant", userType: "provider" },
];

/** The rest of the marketplace: the other clients and providers, with the same password. */
export const DEMO_OTHER_ACCOUNTS: DemoAccount[] = [
  ...DEMO_CLIENTS.filter((c) => !DEMO_ACCOUNTS.some((a) => a.email === c.email)).map((c) => ({
    email: c.email,
    firstName: c.firstName,
    lastName: c.lastName,
    userType: "client" as const,
  })),
  { email: "lumen@demo.automatch.io", firstName: "Dana", lastName: "Whitfield", userType: "provider" },
  { email: "cobalt@demo.automatch.io", firstName: "Jonas", lastName: "Keller", userType: "provider" },
  { email: "kestrel@demo.automatch.io", firstName: "Ananya", lastName: "Rao", userType: "provider" },
  { email: "meridian@demo.automatch.io", firstName: "Liam", lastName: "Carter", userType: "provider" },
  { email: "bluebird@demo.automatch.io", firstName: "Sofía", lastName: "Ramírez", userType: "provider" },
  { email: "rejected@demo.automatch.io", firstName: "Drew", lastName: "Hale", userType: "provider" },
];

/** How long ago each account signed up: the admin first, providers when they applied, clients before their first request. */
const ADMIN_SINCE_DAYS = 120;
const CLIENT_LEAD_DAYS = 3;

/**
 * The seed runs matching itself, step by step, and its emails describe the past: the queue it writes
 * through leaves out matching, rematching and sending, which the real queue would repeat on start.
 */
function storyQueue(jobs: JobQueue): JobQueue {
  const played: JobName[] = [JOB_NAMES.matchQuoteRequest, JOB_NAMES.rematchOpenRequests, JOB_NAMES.sendEmails];
  return {
    ...jobs,
    send: async (name, data, options) => (played.includes(name) ? null : jobs.send(name, data, options)),
  };
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** Seeds an empty database; a database with users in it is left alone. */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const { db } = deps;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const story = { ...deps, jobs: storyQueue(deps.jobs) };

  const passwordHash = await hashPassword(DEMO_PASSWORD, deps.passwordScryptN);
  const now = deps.now().getTime();
  const signedUp = (email: string, userType: UserType): number => {
    if (userType === "admin") return ADMIN_SINCE_DAYS;
    const company = DEMO_COMPANIES.find((c) => c.ownerEmail === email);
    if (company) return company.appliedDaysAgo;
    const first = DEMO_STORIES.filter((s) => s.clientEmail === email).map((s) => s.daysAgo);
    return Math.max(0, ...first) + CLIENT_LEAD_DAYS;
  };
  const byEmail = new Map<string, UserRow>();
  // In the order they signed up, so that ids and dates tell the same story in every list.
  const accounts = [...DEMO_ACCOUNTS, ...DEMO_OTHER_ACCOUNTS].sort(
    (x, y) => signedUp(y.email, y.userType) - signedUp(x.email, x.userType),
  );
  for (const account of accounts) {
    const at = new Date(now - signedUp(account.email, account.userType) * DAY_MS);
    const [user] = await db
      .insert(users)
      .values({ ...account, passwordHash, createdAt: at, updatedAt: at, emailVerifiedAt: at })
      .returning();
    if (user) byEmail.set(user.email, user);
  }
  const account = (email: string): UserRow => {
    const user = byEmail.get(email);
    if (!user) throw new Error(`demo account ${email} is missing`);
    return user;
  };
  const admin = account("admin@demo.automatch.io");

  // Every step of every company and request, played in the order of their days (a stable sort
  // keeps each story's own steps in order), each moved back to its day once played.
  const steps: Step[] = [
    ...DEMO_COMPANIES.flatMap((demo) => companySteps(story, demo, account(demo.ownerEmail), admin)),
    ...DEMO_STORIES.flatMap((s) => storySteps(story, s, account, admin, deps)),
  ].sort((x, y) => y.daysAgo - x.daysAgo);
  for (const step of steps) {
    const since = new Date();
    await step.run();
    if (step.daysAgo > 0) await backdate(db, since, step.daysAgo);
  }
  await seedDemoProfiles(db, account);
  // The clients who hired review the providers, once the hires above exist (issue 17).
  await seedDemoReviews(story, account);
  // The figures were counted as each step ran, before the history moved its rows back to their days:
  // count them again from the rows as they now stand (response times especially).
  await refreshAllProviderStats(db);

  await markOldNotificationsRead(db, 2);
  // The emails of the past were never written to anyone; what happens from now on is mailed as usual.
  await db.delete(emailOutbox);
  await recountDailyFigures(db);
  return true;
}

type Step = { daysAgo: number; run: () => Promise<unknown> };

/** A provider applies; the admin decides the next day, and an approved provider that pays subscribes. */
function companySteps(deps: AppDeps, demo: DemoCompany, owner: UserRow, admin: UserRow): Step[] {
  let companyId = 0;
  const steps: Step[] = [
    {
      daysAgo: demo.appliedDaysAgo,
      run: async () => {
        companyId = (await applyAsDemoCompany(deps.db, owner.id, demo)).id;
      },
    },
  ];
  const decision = demo.decision;
  if (decision) {
    steps.push({
      daysAgo: demo.appliedDaysAgo - 1,
      run: async () => {
        await decideProvider(deps, admin, companyId, decision);
        if (demo.subscribed) await seedDemoSubscription(deps.db, owner.id, deps.now());
      },
    });
  }
  return steps;
}

/** One request's story, in order: submitted and matched, leads opened, quotes sent, the client's decision. */
function storySteps(
  deps: AppDeps,
  s: DemoStory,
  account: (email: string) => UserRow,
  admin: UserRow,
  realDeps: AppDeps,
): Step[] {
  const { db } = deps;
  const client = account(s.clientEmail);
  if (s.submittedJustNow) {
    // Matched by the product's own job when it starts, like any new request.
    return [{ daysAgo: 0, run: () => submitQuoteRequest(realDeps, client, s.request) }];
  }
  let requestId = 0;
  let delivered = new Map<string, number>();
  const sent = new Map<DemoProviderKey, number>();
  const leadOf = (key: DemoProviderKey) => delivered.get(demoProviderEmail(key));
  const after = (daysAfter: number, run: () => Promise<unknown>): Step => ({ daysAgo: s.daysAgo - daysAfter, run });

  const steps: Step[] = [
    after(0, async () => {
      requestId = (await submitQuoteRequest(deps, client, s.request)).id;
      await matchQuoteRequest(deps, requestId);
      delivered = await deliveredLeads(db, requestId);
    }),
  ];
  for (const key of s.viewedBy ?? []) {
    steps.push(
      after(0.5, async () => {
        const lead = leadOf(key);
        if (lead) await viewMyLead(db, account(demoProviderEmail(key)), lead);
      }),
    );
  }
  if (s.resolveAlertDaysAfter !== undefined) {
    steps.push(
      after(s.resolveAlertDaysAfter, async () => {
        const [alert] = await db
          .select({ id: alerts.id })
          .from(alerts)
          .where(eq(alerts.cause, tooFewProvidersCause(requestId)));
        if (alert) await resolveAlert(db, admin, alert.id);
      }),
    );
  }
  for (const q of s.quotes ?? []) {
    steps.push(
      after(q.daysAfter, async () => {
        const lead = leadOf(q.from);
        // A provider the request was not delivered to (fewer leads per request configured) sends nothing.
        if (!lead) return;
        const owner = account(demoProviderEmail(q.from));
        await viewMyLead(db, owner, lead);
        sent.set(q.from, (await sendQuote(deps, owner, lead, q.quote)).id);
      }),
    );
  }
  for (const d of s.declinedBy ?? []) {
    steps.push(
      after(d.daysAfter, async () => {
        const lead = leadOf(d.from);
        if (!lead) return;
        await declineMyLead(deps, account(demoProviderEmail(d.from)), lead, { reason: d.reason, note: d.note });
        // The rematch the decline asks for, played here like every match of the story.
        await matchQuoteRequest(deps, requestId);
        delivered = await deliveredLeads(db, requestId);
      }),
    );
  }
  for (const m of s.messages ?? []) {
    steps.push(
      after(m.daysAfter, async () => {
        const lead = leadOf(m.with);
        if (!lead) return;
        await sendMessage(deps, m.fromClient ? client : account(demoProviderEmail(m.with)), lead, { body: m.body });
      }),
    );
  }
  const outcome = s.outcome;
  if (outcome) {
    steps.push(
      after(outcome.daysAfter, async () => {
        if (outcome.kind === "cancel") return cancelQuoteRequest(deps, client, requestId);
        const quoteId = sent.get(outcome.from);
        if (quoteId === undefined) return;
        return outcome.kind === "accept" ? acceptQuote(deps, client, quoteId) : declineQuote(deps, client, quoteId);
      }),
    );
  }
  // Each story lists its steps in the order they happen; sorted by day, ties keep that order.
  return steps.sort((x, y) => y.daysAgo - x.daysAgo);
}

/** The request's leads by the email of their provider's owner. */
async function deliveredLeads(db: Db, requestId: number): Promise<Map<string, number>> {
  const rows = await db
    .select({ id: leads.id, ownerEmail: users.email })
    .from(leads)
    .innerJoin(companies, eq(companies.id, leads.companyId))
    .innerJoin(users, eq(users.id, companies.userId))
    .where(eq(leads.quoteRequestId, requestId));
  return new Map(rows.map((r) => [r.ownerEmail, r.id]));
}
