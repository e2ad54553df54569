import { index, jsonb, text } from "drizzle-orm/pg-core";
import type { CaseStudyFigure } from "@/shared/providers";
import { idTable, ownerRef, timestamps } from "./columns";
import { companies } from "./companies";

/** A provider's own account of a project it delivered, shown on its public profile (issue 17). */
export const caseStudies = idTable(
  "case_studies",
  {
    companyId: ownerRef(() => companies.id),
    title: text().notNull(),
    /** The client's industry (the wizard's list). */
    industry: text().notNull(),
    problem: text().notNull(),
    solution: text().notNull(),
    result: text().notNull(),
    figures: jsonb().$type<CaseStudyFigure[]>().notNull().default([]),
    ...timestamps(),
  },
  (t) => [index("case_studies_company_id_idx").on(t.companyId, t.id)],
);

export type CaseStudyRow = typeof caseStudies.$inferSelect;
