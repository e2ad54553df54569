// The demo marketplace's recent past (decision 103): clients' requests, oldest first, each told as
// what happened to it, day by day. The seed plays every step through the product's services, so that
// leads, scores, quotes, notifications, alerts and activity are the ones the product itself makes.

import type { LeadDeclineReason } from "@/shared/leads";
import type { CreateQuoteRequestInput, Requirements } from "@/shared/quote-requests";
import type { QuoteInput } from "@/shared/quotes";

export type DemoClient = { email: string; firstName: string; lastName: string; companyName: string; location: string };

export const DEMO_CLIENTS: DemoClient[] = [
  {
    email: "client@demo.automatch.io",
    firstName: "Casey",
    lastName: "Client",
    companyName: "Demo Manufacturing Co.",
    location: "Columbus, OH",
  },
  {
    email: "jordan@demo.automatch.io",
    firstName: "Jordan",
    lastName: "Lee",
    companyName: "Lee & Ortiz LLP",
    location: "Chicago, IL",
  },
  {
    email: "priya@demo.automatch.io",
    firstName: "Priya",
    lastName: "Shah",
    companyName: "Riverside Family Clinic",
    location: "Denver, CO",
  },
  {
    email: "tom@demo.automatch.io",
    firstName: "Tom",
    lastName: "Becker",
    companyName: "Becker Outdoor Supply",
    location: "Seattle, WA",
  },
];

/** A demo provider, by the first part of its owner's email ("provider" is Pat, the demo provider). */
export type DemoProviderKey = "provider" | "lumen" | "cobalt" | "kestrel" | "meridian" | "bluebird";
export const demoProviderEmail = (key: DemoProviderKey) => `${key}@demo.automatch.io`;

/** A quote sent by one of the providers the request was delivered to (a provider it missed sends none). */
export type DemoQuote = { from: DemoProviderKey; daysAfter: number; quote: QuoteInput };

/** A message in the thread between the client and one provider the request was delivered to. */
export type DemoMessage = { with: DemoProviderKey; fromClient: boolean; daysAfter: number; body: string };

export type DemoStory = {
  clientEmail: string;
  daysAgo: number;
  request: Omit<CreateQuoteRequestInput, "requirements"> & {
    requirements: Omit<Requirements, "fullName" | "email" | "companyName" | "location">;
  };
  /** Providers who opened the lead without quoting yet. */
  viewedBy?: DemoProviderKey[];
  quotes?: DemoQuote[];
  /** Providers who turned the lead down; the request then goes on to the next best one. */
  declinedBy?: { from: DemoProviderKey; daysAfter: number; reason: LeadDeclineReason; note?: string }[];
  /** The conversations, in order; the last ones stay unread by their recipient. */
  messages?: DemoMessage[];
  /** What the client did last, and when (days after submitting). */
  outcome?:
    | { kind: "accept"; from: DemoProviderKey; daysAfter: number }
    | { kind: "decline"; from: DemoProviderKey; daysAfter: number }
    | { kind: "cancel"; daysAfter: number };
  /** The admin looked into the request's "too few providers" alert and resolved it. */
  resolveAlertDaysAfter?: number;
  /** Left for the matching job that runs when the product starts, as a request just submitted. */
  submittedJustNow?: boolean;
};

const quote = (amount: number, timeline: string, message: string, lineItems?: QuoteInput["lineItems"]): QuoteInput =>
  lineItems ? { amount, timeline, message, lineItems } : { amount, timeline, message };

export const DEMO_STORIES: DemoStory[] = [
  {
    clientEmail: "priya@demo.automatch.io",
    daysAgo: 41,
    request: {
      title: "Patient intake forms into the EHR",
      description:
        "Front-desk staff retype scanned intake and insurance forms into our EHR, which delays check-in and causes typos in insurance numbers.",
      industry: "healthcare",
      automationTypes: ["Reduce errors", "Improve compliance"],
      budgetRange: "$30k-$50k",
      timeline: "1-3months",
      requirements: {
        department: "Front desk",
        frequency: "daily",
        volume: { quantity: 60, per: "day" },
        timePerTask: { value: 7, unit: "minutes" },
        systems: ["Internal App", "Other"],
        systemTypes: ["Database", "Cloud service"],
        triggerType: "event",
        tasksToAutomate: "Read each scanned form, validate the insurance number and create the patient record.",
        hasDocumentation: "yes",
        requiresNDA: "yes",
        locationPreference: "no-preference",
      },
    },
    quotes: [
      {
        from: "kestrel",
        daysAfter: 1,
        quote: quote(
          38_000,
          "10 weeks",
          "We would train a document model on your last year of intake forms, validate insurance numbers against the payer list and write each record through the EHR's API, with a review queue for anything below 95% confidence.",
          { discovery: 6_000, build: 32_000, hosting: 400 },
        ),
      },
      {
        from: "provider",
        daysAfter: 2,
        quote: quote(
          44_500,
          "12 weeks",
          "A proven intake bot with OCR and a HIPAA-ready audit trail; we have automated intake for two clinic groups and can share references.",
        ),
      },
      {
        from: "cobalt",
        daysAfter: 3,
        quote: quote(
          31_000,
          "3 months",
          "A small cloud service that receives the scans, extracts the fields and writes them to the EHR, with a daily exceptions report for the front desk.",
        ),
      },
    ],
    outcome: { kind: "accept", from: "kestrel", daysAfter: 6 },
  },
  {
    clientEmail: "client@demo.automatch.io",
    daysAgo: 33,
    request: {
      title: "Month-end reconciliation reports",
      description:
        "Two accountants spend the first four days of every month matching bank statements against QuickBooks in Excel and building the close report.",
      industry: "finance",
      automationTypes: ["Save time", "Reduce errors"],
      budgetRange: "$15k-$30k",
      timeline: "1-3months",
      requirements: {
        department: "Finance",
        frequency: "monthly",
        volume: { quantity: 900, per: "run" },
        timePerTask: { value: 2, unit: "minutes" },
        systems: ["Excel", "QuickBooks"],
        systemTypes: ["Desktop app", "Cloud service"],
        triggerType: "scheduled",
        tasksToAutomate:
          "Download the statements, match every line to QuickBooks, flag the differences, build the report.",
        hasDocumentation: "yes",
        requiresNDA: "no",
        locationPreference: "no-preference",
      },
    },
    quotes: [
      {
        from: "provider",
        daysAfter: 1,
        quote: quote(
          22_000,
          "6 weeks",
          "We have built this reconciliation for three manufacturers: bots fetch the statements, match them to QuickBooks with your tolerance rules and publish the close pack to SharePoint.",
          { discovery: 3_000, build: 19_000, maintenance: 350 },
        ),
      },
      {
        from: "bluebird",
        daysAfter: 2,
        quote: quote(
          27_500,
          "8 weeks",
          "Reconciliation bots with a Power BI close dashboard, so that the controller sees every open difference at a glance.",
        ),
      },
      {
        from: "kestrel",
        daysAfter: 2,
        quote: quote(
          18_900,
          "2 months",
          "Unattended bots reconcile overnight and email the exceptions list each morning of the close.",
        ),
      },
    ],
    outcome: { kind: "accept", from: "provider", daysAfter: 5 },
  },
  {
    clientEmail: "jordan@demo.automatch.io",
    daysAgo: 26,
    request: {
      title: "Client intake and conflict checks",
      description:
        "Every new matter means searching our practice management system for conflicts by hand and copying the client's details into three systems.",
      industry: "legal",
      automationTypes: ["Improve compliance", "Scale operations"],
      budgetRange: "$50k+",
      timeline: "3-6months",
      requirements: {
        department: "Operations",
        frequency: "daily",
        volume: { quantity: 8, per: "day" },
        timePerTask: { value: 45, unit: "minutes" },
        systems: ["Salesforce", "ServiceNow", "Outlook"],
        systemTypes: ["Cloud service"],
        triggerType: "event",
        tasksToAutomate: "Run the conflict search, open the matter, create the client in billing and the CRM.",
        exceptions: "Conflicts with a hit go to the general counsel for review.",
        hasDocumentation: "in-progress",
        requiresNDA: "yes",
        locationPreference: "global",
      },
    },
    quotes: [
      {
        from: "meridian",
        daysAfter: 1,
        quote: quote(
          61_000,
          "4 months",
          "An intake workflow that runs the conflict search through your system's API, routes hits to the general counsel and creates the matter everywhere once cleared.",
        ),
      },
      {
        from: "cobalt",
        daysAfter: 2,
        quote: quote(
          54_500,
          "14 weeks",
          "We would build a small intake service on Azure that talks to Salesforce and your practice system, with an approval step in Teams.",
          { discovery: 4_500, build: 50_000, hosting: 250, maintenance: 600 },
        ),
      },
      {
        from: "provider",
        daysAfter: 4,
        quote: quote(
          52_000,
          "5 months",
          "Bots that run the conflict search and open the matter in each system, with an audit report for your insurer.",
        ),
      },
    ],
    outcome: { kind: "decline", from: "provider", daysAfter: 7 },
  },
  {
    clientEmail: "tom@demo.automatch.io",
    daysAgo: 21,
    request: {
      title: "Inventory sync between the web shop and our ERP",
      description:
        "Stock levels are exported from the ERP every night and imported into the web shop by hand, so we oversell on busy days.",
      industry: "retail",
      automationTypes: ["Scale operations"],
      budgetRange: "$5k-$15k",
      timeline: "asap",
      requirements: {
        department: "E-commerce",
        frequency: "daily",
        volume: { quantity: 3_000, per: "run" },
        timePerTask: { value: 1, unit: "minutes" },
        systems: ["Other", "Internal App"],
        systemTypes: ["Cloud service"],
        triggerType: "scheduled",
        tasksToAutomate: "Export stock from the ERP, update the shop's stock, report the items that failed.",
        hasDocumentation: "no",
        requiresNDA: "no",
        locationPreference: "no-preference",
      },
    },
    quotes: [
      {
        from: "cobalt",
        daysAfter: 1,
        quote: quote(
          12_000,
          "4 weeks",
          "A serverless sync that pushes stock changes to the shop every five minutes instead of once a night.",
        ),
      },
    ],
    outcome: { kind: "cancel", daysAfter: 4 },
  },
  {
    clientEmail: "priya@demo.automatch.io",
    daysAgo: 16,
    request: {
      title: "Appointment reminders and no-show follow-up",
      description:
        "Staff phone every patient the day before their appointment and call no-shows back to rebook; we want texts and an automatic rebooking link.",
      industry: "healthcare",
      automationTypes: ["Save time", "Cut costs"],
      budgetRange: "$5k-$15k",
      timeline: "1-3months",
      requirements: {
        department: "Front desk",
        frequency: "daily",
        volume: { quantity: 120, per: "day" },
        timePerTask: { value: 2, unit: "minutes" },
        systems: ["Browser", "Outlook"],
        systemTypes: ["Web app"],
        triggerType: "scheduled",
        tasksToAutomate: "Send reminders the day before, collect confirmations, offer rebooking to no-shows.",
        hasDocumentation: "no",
        requiresNDA: "yes",
        locationPreference: "us-only",
      },
    },
    resolveAlertDaysAfter: 1,
    quotes: [
      {
        from: "provider",
        daysAfter: 2,
        quote: quote(
          9_500,
          "5 weeks",
          "Reminders by text from your scheduling screens, confirmations written back, and a rebooking link for no-shows; hosted in the US.",
        ),
      },
    ],
    outcome: { kind: "accept", from: "provider", daysAfter: 5 },
  },
  {
    clientEmail: "jordan@demo.automatch.io",
    daysAgo: 13,
    request: {
      title: "Matter profitability dashboard",
      description:
        "Partners ask every month which matters make money; finance builds the answer by hand from Excel exports of the billing system and our Oracle ledger.",
      industry: "legal",
      automationTypes: ["Improve compliance"],
      budgetRange: "$50k+",
      timeline: "3-6months",
      requirements: {
        department: "Finance",
        frequency: "monthly",
        volume: { quantity: 1, per: "run" },
        timePerTask: { value: 16, unit: "hours" },
        systems: ["Excel", "Oracle"],
        systemTypes: ["Database"],
        triggerType: "scheduled",
        tasksToAutomate:
          "Combine billed hours, collections and costs per matter and publish the dashboard to the partners.",
        hasDocumentation: "yes",
        requiresNDA: "yes",
        locationPreference: "global",
      },
    },
    quotes: [
      {
        from: "lumen",
        daysAfter: 1,
        quote: quote(
          64_000,
          "12 weeks",
          "A governed data model over billing and the Oracle ledger, with a partner dashboard refreshed every night and a monthly profitability pack.",
          { discovery: 9_000, build: 55_000, maintenance: 1_200 },
        ),
      },
      {
        from: "meridian",
        daysAfter: 2,
        quote: quote(
          72_000,
          "4 months",
          "Integration of billing and Oracle into a reporting database, with dashboards built by our analytics partner.",
        ),
      },
    ],
    outcome: { kind: "accept", from: "lumen", daysAfter: 6 },
  },
  {
    clientEmail: "client@demo.automatch.io",
    daysAgo: 10,
    request: {
      title: "Employee onboarding across HR systems",
      description:
        "Every new hire is keyed into our HR system, the payroll mainframe and Active Directory by hand, then welcomed by email.",
      industry: "manufacturing",
      automationTypes: ["Save time", "Scale operations"],
      budgetRange: "$50k+",
      timeline: "3-6months",
      requirements: {
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
    quotes: [
      {
        from: "provider",
        daysAfter: 2,
        quote: quote(
          58_000,
          "4 months",
          "Bots for the payroll mainframe and Active Directory, driven by a workflow that starts when HR marks an offer as signed.",
          { discovery: 8_000, build: 50_000, maintenance: 900 },
        ),
      },
    ],
    messages: [
      {
        with: "provider",
        fromClient: false,
        daysAfter: 1,
        body: "Thanks for the detail. Before we quote: does the payroll mainframe have a test region we could use, and who signs off on new Active Directory groups?",
      },
      {
        with: "provider",
        fromClient: true,
        daysAfter: 1.5,
        body: "Yes, there is a test region (IT can give you access under the NDA). New groups are approved by our IT security lead, usually within a day.",
      },
      {
        with: "provider",
        fromClient: true,
        daysAfter: 3,
        body: "We liked the quote. Could the discovery phase start in two weeks, and is the $900 maintenance monthly? Our checklist is here: https://example.com/onboarding-checklist",
      },
    ],
  },
  {
    clientEmail: "jordan@demo.automatch.io",
    daysAgo: 7,
    request: {
      title: "Billing time entries from calendars",
      description:
        "Associates rebuild their billable time from Outlook calendars every Friday; entries are late and often missing.",
      industry: "legal",
      automationTypes: ["Reduce errors"],
      budgetRange: "$15k-$30k",
      timeline: "1-3months",
      requirements: {
        department: "Finance",
        frequency: "weekly",
        volume: { quantity: 35, per: "run" },
        timePerTask: { value: 40, unit: "minutes" },
        systems: ["Internal App"],
        systemTypes: ["Cloud service", "Database"],
        triggerType: "event",
        tasksToAutomate: "Draft time entries from meetings and emails for each associate to confirm.",
        hasDocumentation: "no",
        requiresNDA: "yes",
        locationPreference: "no-preference",
      },
    },
    viewedBy: ["cobalt"],
    declinedBy: [
      {
        from: "cobalt",
        daysAfter: 1,
        reason: "not_fit",
        note: "We build cloud integrations; drafting time entries with a model is not our field.",
      },
    ],
    quotes: [
      {
        from: "kestrel",
        daysAfter: 1,
        quote: quote(
          24_000,
          "8 weeks",
          "A model that drafts time entries from calendar events and sent mail, which each associate confirms in one click on Friday.",
        ),
      },
    ],
  },
  {
    clientEmail: "client@demo.automatch.io",
    daysAgo: 4,
    request: {
      title: "Supplier invoice processing",
      description:
        "Accounts payable types supplier invoices from PDF attachments into QuickBooks and matches them to purchase orders.",
      industry: "finance",
      automationTypes: ["Save time", "Reduce errors", "Cut costs"],
      budgetRange: "$15k-$30k",
      timeline: "1-3months",
      requirements: {
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
    viewedBy: ["kestrel", "cobalt", "lumen"],
    quotes: [
      {
        from: "provider",
        daysAfter: 1,
        quote: quote(
          19_500,
          "6 weeks",
          "Invoice capture from the AP mailbox, PO matching with your tolerance rules and entry in QuickBooks; the controller approves large invoices in Teams.",
          { discovery: 2_500, build: 17_000, hosting: 150 },
        ),
      },
      {
        from: "bluebird",
        daysAfter: 2,
        quote: quote(
          24_000,
          "2 months",
          "Unattended bots read each invoice, match it to its purchase order and key it into QuickBooks, with a dashboard of invoices waiting for approval.",
        ),
      },
    ],
    messages: [
      {
        with: "kestrel",
        fromClient: false,
        daysAfter: 0.6,
        body: "Hello! Are the invoices mostly PDFs from the same dozen suppliers, or a long tail? That changes how much we can template.",
      },
      {
        with: "bluebird",
        fromClient: false,
        daysAfter: 3,
        body: "Happy to walk you through a demo of the approval dashboard this week. Would Thursday at 10:00 work?",
      },
    ],
  },
  {
    clientEmail: "tom@demo.automatch.io",
    daysAgo: 0,
    submittedJustNow: true,
    request: {
      title: "Returns processing for online orders",
      description:
        "Each return is checked against the order in the web shop, refunded by hand and restocked in the ERP; the backlog grows after every sale.",
      industry: "retail",
      automationTypes: ["Save time", "Scale operations"],
      budgetRange: "$5k-$15k",
      timeline: "1-3months",
      requirements: {
        department: "Customer service",
        frequency: "daily",
        volume: { quantity: 50, per: "day" },
        timePerTask: { value: 5, unit: "minutes" },
        systems: ["Browser", "Other"],
        systemTypes: ["Web app", "Database"],
        triggerType: "event",
        tasksToAutomate: "Check the return against its order, refund it and put the item back in stock.",
        hasDocumentation: "no",
        requiresNDA: "no",
        locationPreference: "no-preference",
      },
    },
  },
];
