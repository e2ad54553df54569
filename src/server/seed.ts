// Demo accounts and data for the embedded database only (config.demoData is never true for DATABASE_URL).
import { count } from "drizzle-orm";
import type { CreateQuoteRequestInput } from "@/shared/quote-requests";
import type { UserType } from "@/shared/users";
import { users } from "./db/schema/users";
import type { AppDeps } from "./deps";
import { hashPassword } from "./features/auth/password";
import { insertUser } from "./features/auth/queries";
import { seedDemoSubscription } from "./features/billing/seed";
import { DEMO_APPLICANT_EMAIL, seedDemoCompanies } from "./features/companies/seed";
import { submitQuoteRequest } from "./features/quote-requests/service";

export const DEMO_PASSWORD = "automatch-demo";
export const DEMO_ACCOUNTS: { email: string; firstName: string; lastName: string; userType: UserType }[] = [
  { email: "client@demo.automatch.io", firstName: "Casey", lastName: "Client", userType: "client" },
  { email: "provider@demo.automatch.io", firstName: "Pat", lastName: "Provider", userType: "provider" },
  { email: "admin@demo.automatch.io", firstName: "Alex", lastName: "Admin", userType: "admin" },
  // A second provider without a subscription, to try the subscription page's card form with.
  { email: "provider2@demo.automatch.io", firstName: "Sam", lastName: "Subscriber", userType: "provider" },
  // A provider whose company waits for review, so that the admin's Providers tab has one to decide.
  { email: DEMO_APPLICANT_EMAIL, firstName: "Riley", lastName: "Applicant", userType: "provider" },
];

/** Seeds an empty database; a database that has any user is left alone. */
export async function seedDemoData(deps: AppDeps): Promise<boolean> {
  const { db } = deps;
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  const passwordHash = await hashPassword(DEMO_PASSWORD, deps.passwordScryptN);
  const created = [];
  for (const account of DEMO_ACCOUNTS) {
    const user = await insertUser(db, { ...account, passwordHash });
    if (user && account.email === "provider@demo.automatch.io") await seedDemoSubscription(db, user.id, deps.now());
    if (user) created.push(user);
  }
  await seedDemoCompanies(db);
  const client = created.find((u) => u.userType === "client");
  // Through the product's own path, so that matching picks them up like any submitted request.
  if (client) for (const request of DEMO_QUOTE_REQUESTS) await submitQuoteRequest(deps, client, request);
  return true;
}

/** The demo client's contact details, as each of their requests gives them. */
const DEMO_CLIENT_CONTACT = {
  fullName: "Casey Client",
  email: "client@demo.automatch.io",
  companyName: "Demo Manufacturing Co.",
  location: "Columbus, OH",
};

const DEMO_QUOTE_REQUESTS: CreateQuoteRequestInput[] = [
  {
    title: "Employee onboarding across HR systems",
    description:
      "Every new hire is keyed into our HR system, the payroll mainframe and Active Directory by hand, then welcomed by email.",
    industry: "manufacturing",
    automationTypes: ["Save time", "Scale operations"],
    budgetRange: "$50k+",
    timeline: "3-6months",
    requirements: {
      ...DEMO_CLIENT_CONTACT,
      department: "People Operations",
      frequency: "weekly",
      volume: { quantity: 12, per: "run" },
      timePerTask: { value: 2, unit: "hours" },
      systems: ["Internal App", "Outlook", "Other"],
      systemTypes: ["Mainframe", "Web app"],
      triggerType: "event",
      tasksToAutomate:
        "Create the accounts, enter payroll data, send the welcome pack and book the first-day training.",
      exceptions: "Contractors follow a shorter path without payroll.",
      hasDocumentation: "no",
      requiresNDA: "yes",
      locationPreference: "us-only",
    },
  },
  {
    title: "Supplier invoice processing",
    description:
      "Accounts payable types supplier invoices from PDF attachments into QuickBooks and matches them to purchase orders.",
    industry: "finance",
    automationTypes: ["Save time", "Reduce errors", "Cut costs"],
    budgetRange: "$15k-$30k",
    timeline: "1-3months",
    requirements: {
      ...DEMO_CLIENT_CONTACT,
      department: "Finance",
      frequency: "daily",
      volume: { quantity: 40, per: "run" },
      timePerTask: { value: 6, unit: "minutes" },
      systems: ["Outlook", "QuickBooks"],
      systemTypes: ["Desktop app", "Cloud service"],
      triggerType: "event",
      tasksToAutomate: "Read each invoice, match its PO number, enter it in QuickBooks and file the PDF.",
      manualTasks: "Approval of invoices above $10,000 stays with the controller.",
      hasDocumentation: "in-progress",
      requiresNDA: "no",
      locationPreference: "no-preference",
    },
  },
];
