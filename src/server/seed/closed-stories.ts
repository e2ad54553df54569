// Demo requests that closed without a hire: every quote declined, or the request withdrawn (decision 103).
import { type DemoStory, quote } from "./story-cast";

export const CLOSED_STORIES: DemoStory[] = [
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
];
