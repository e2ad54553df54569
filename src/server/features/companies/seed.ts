// Demo provider companies for the embedded database (decision 103): six approved and subscribed, in
// different countries, sizes and specialties, so that a new request is matched to three of them with
// different scores; one approved without a subscription; one waiting for review; one rejected.
import { z } from "zod";
import { companyProfileSchema } from "@/shared/companies";
import type { Db } from "../../db/client";
import type { CompanyRow } from "../../db/schema/companies";
import demoCompanies from "./demo-companies.json";
import { insertCompany } from "./queries";

export const DEMO_APPLICANT_EMAIL = "applicant@demo.automatch.io";

const demoCompanySchema = z.strictObject({
  ownerEmail: z.string(),
  /** What the admin decided, and how many days ago the company applied; pending when absent. */
  decision: z
    .discriminatedUnion("kind", [
      z.strictObject({ kind: z.literal("approve") }),
      z.strictObject({ kind: z.literal("reject"), reason: z.string() }),
    ])
    .optional(),
  appliedDaysAgo: z.number().nonnegative(),
  /** Pays for leads (approved companies only). */
  subscribed: z.boolean(),
  values: companyProfileSchema.required({ website: true, country: true }),
});
export type DemoCompany = z.infer<typeof demoCompanySchema>;

/** The companies (demo-companies.json), checked against the registration form's contract when loaded. */
export const DEMO_COMPANIES: DemoCompany[] = z.array(demoCompanySchema).parse(demoCompanies);

/** The company's application, pending; the admin decides it through the product's own path. */
export async function applyAsDemoCompany(db: Db, ownerId: number, demo: DemoCompany): Promise<CompanyRow> {
  const company = await insertCompany(db, ownerId, demo.values);
  if (!company) throw new Error(`demo company "${demo.values.name}" could not be inserted`);
  return company;
}
