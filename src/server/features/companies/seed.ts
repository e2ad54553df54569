// Demo companies for the embedded database: the demo provider's approved company, and one pending
// application so that an admin has something to review.
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { users } from "../../db/schema/users";
import { type CompanyValues, insertCompany } from "./queries";

export const DEMO_APPLICANT_EMAIL = "applicant@demo.automatch.io";

const DEMO_COMPANIES: { ownerEmail: string; approvedBy?: string; values: CompanyValues }[] = [
  {
    ownerEmail: "provider@demo.automatch.io",
    approvedBy: "admin@demo.automatch.io",
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
    ownerEmail: DEMO_APPLICANT_EMAIL,
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

async function userIdByEmail(db: Db, email: string): Promise<number | undefined> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return row?.id;
}

export async function seedDemoCompanies(db: Db): Promise<void> {
  for (const demo of DEMO_COMPANIES) {
    const ownerId = await userIdByEmail(db, demo.ownerEmail);
    if (!ownerId) continue;
    const company = await insertCompany(db, ownerId, demo.values);
    const reviewerId = demo.approvedBy ? await userIdByEmail(db, demo.approvedBy) : undefined;
    if (company && reviewerId) {
      await db
        .update(companies)
        .set({ status: "approved", reviewedBy: reviewerId, reviewedAt: sql`now()` })
        .where(eq(companies.id, company.id));
    }
  }
}
