// Demo requests that ended in a hire: quotes compared, one accepted, the others told (decision 103).
// The hiring clients review these providers (reviews.ts).
import { type DemoStory, quote } from "./story-cast";

export const HIRED_STORIES: DemoStory[] = [
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
];
