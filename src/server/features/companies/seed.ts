// Demo provider companies for the embedded database (decision 103): six approved and subscribed, in
// different countries, sizes and specialties, so that a new request is matched to three of them with
// different scores; one approved without a subscription; one waiting for review; one rejected.
import type { Db } from "../../db/client";
import type { CompanyRow } from "../../db/schema/companies";
import { type CompanyValues, insertCompany } from "./queries";

export const DEMO_APPLICANT_EMAIL = "applicant@demo.automatch.io";

export type DemoCompany = {
  ownerEmail: string;
  /** What the admin decided, and how many days ago the company applied; pending when absent. */
  decision?: { kind: "approve" } | { kind: "reject"; reason: string };
  appliedDaysAgo: number;
  /** Pays for leads (approved companies only). */
  subscribed: boolean;
  values: CompanyValues;
};

export const DEMO_COMPANIES: DemoCompany[] = [
  {
    ownerEmail: "provider@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 90,
    subscribed: true,
    values: {
      name: "Pat's Process Automation",
      description:
        "We automate finance and operations back offices with RPA and workflow tools: invoice capture, reconciliations, onboarding and reporting, delivered in weeks.",
      industry: "automation",
      website: "https://patsprocessautomation.example.com",
      location: "Austin, TX",
      country: "US",
      size: "small",
      specialties: ["RPA", "Workflow Automation", "System Integration", "Data Analytics"],
    },
  },
  {
    ownerEmail: "lumen@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 84,
    subscribed: true,
    values: {
      name: "Lumen Insight Consulting",
      description:
        "Operations consultants who turn spreadsheets and manual reports into governed dashboards, forecasting models and approval workflows for finance and compliance teams.",
      industry: "consulting",
      website: "https://lumen-insight.example.co.uk",
      location: "London",
      country: "GB",
      size: "large",
      specialties: ["Business Intelligence", "Data Analytics", "Workflow Automation"],
    },
  },
  {
    ownerEmail: "cobalt@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 77,
    subscribed: true,
    values: {
      name: "Cobalt Cloud Works",
      description:
        "A cloud engineering firm building serverless integrations, APIs and custom back-office applications on AWS and Azure for retailers and logistics companies.",
      industry: "software",
      website: "https://cobalt-cloud.example.de",
      location: "Berlin",
      country: "DE",
      size: "medium",
      specialties: ["Cloud Automation", "API Development", "Custom Development"],
    },
  },
  {
    ownerEmail: "kestrel@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 70,
    subscribed: true,
    values: {
      name: "Kestrel AI Labs",
      description:
        "Document AI specialists: we read forms, invoices and clinical paperwork with machine learning, validate the data and hand it to your systems through APIs.",
      industry: "ai",
      website: "https://kestrel-ai.example.in",
      location: "Bengaluru",
      country: "IN",
      size: "startup",
      specialties: ["AI/Machine Learning", "Data Analytics", "API Development", "Custom Development"],
    },
  },
  {
    ownerEmail: "meridian@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 63,
    subscribed: true,
    values: {
      name: "Meridian Integration Partners",
      description:
        "Enterprise integration partner for SAP, Oracle and ServiceNow estates: middleware, event-driven workflows and IoT data pipelines for manufacturers and distributors.",
      industry: "integration",
      website: "https://meridian-integration.example.com.au",
      location: "Sydney",
      country: "AU",
      size: "enterprise",
      specialties: ["System Integration", "IoT Integration", "Workflow Automation"],
    },
  },
  {
    ownerEmail: "bluebird@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 56,
    subscribed: true,
    values: {
      name: "Bluebird Bots",
      description:
        "An RPA studio with a nearshore team: desktop and browser bots for order entry, claims and data migration, with dashboards that show every bot's work.",
      industry: "automation",
      website: "https://bluebird-bots.example.mx",
      location: "Mexico City",
      country: "MX",
      size: "medium",
      specialties: ["RPA", "Workflow Automation", "Business Intelligence"],
    },
  },
  {
    ownerEmail: "provider2@demo.automatch.io",
    decision: { kind: "approve" },
    appliedDaysAgo: 12,
    subscribed: false,
    values: {
      name: "Harbor Workflow Studio",
      description:
        "A small studio that maps approval processes and rebuilds them as low-code workflows, with training so that your team can change them without us.",
      industry: "consulting",
      website: "https://harbor-workflow.example.pt",
      location: "Lisbon",
      country: "PT",
      size: "small",
      specialties: ["Workflow Automation", "RPA"],
    },
  },
  {
    ownerEmail: "rejected@demo.automatch.io",
    decision: {
      kind: "reject",
      reason:
        "We could not verify the website or any past automation project. You are welcome to apply again with two client references.",
    },
    appliedDaysAgo: 20,
    subscribed: false,
    values: {
      name: "QuickFix Macros",
      description:
        "Excel macros and browser scripts for any task, delivered the same day, no documentation needed and no questions asked, cheapest prices online.",
      industry: "other",
      website: "",
      location: "Miami, FL",
      country: "US",
      size: "startup",
      specialties: ["RPA"],
    },
  },
  {
    ownerEmail: DEMO_APPLICANT_EMAIL,
    appliedDaysAgo: 2,
    subscribed: false,
    values: {
      name: "Northwind Integrations",
      description:
        "A boutique integration studio connecting ERP, CRM and legacy systems through APIs, with cloud automation and AI document processing for mid-sized manufacturers.",
      industry: "integration",
      website: "https://northwind-integrations.example.com",
      location: "Toronto, ON",
      country: "CA",
      size: "startup",
      specialties: ["System Integration", "API Development", "Cloud Automation", "AI/Machine Learning"],
    },
  },
];

/** The company's application, pending; the admin decides it through the product's own path. */
export async function applyAsDemoCompany(db: Db, ownerId: number, demo: DemoCompany): Promise<CompanyRow> {
  const company = await insertCompany(db, ownerId, demo.values);
  if (!company) throw new Error(`demo company "${demo.values.name}" could not be inserted`);
  return company;
}
