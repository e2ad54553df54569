// Demo requests still running: quotes coming in, a lead turned down and passed on, and one submitted
// just now for the matching job that runs when the product starts (decision 103).
import { type DemoStory, quote } from "./story-cast";

export const OPEN_STORIES: DemoStory[] = [
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
