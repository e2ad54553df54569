// The demo providers' public profiles (issue 17, decision 140): the client industries each serves and a
// few case studies of its own, written through the same service as Settings, so that /providers and each
// profile have something to show on a first start.
import type { CaseStudyInput } from "@/shared/providers";
import type { Industry } from "@/shared/quote-request-options";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema/users";
import { createCaseStudy, updatePublicProfile } from "../features/companies/profile";

export type DemoProfile = { ownerEmail: string; industriesServed: Industry[]; caseStudies: CaseStudyInput[] };

export const DEMO_PROFILES: DemoProfile[] = [
  {
    ownerEmail: "provider@demo.automatch.io",
    industriesServed: ["finance", "retail", "manufacturing"],
    caseStudies: [
      {
        title: "Supplier invoices posted in SAP the day they arrive",
        industry: "manufacturing",
        problem:
          "A parts manufacturer's accounts payable team of four keyed about 3,000 supplier invoices a month into SAP by hand, matching each to its purchase order. Late postings cost early-payment discounts.",
        solution:
          "We built an unattended UiPath bot that reads each PDF from the shared mailbox, checks it against the purchase order and goods receipt, posts matching invoices and routes the rest to a clerk with the differences highlighted.",
        result:
          "Nine in ten invoices now post without a person touching them, the same day they arrive. The team handles exceptions only and the company takes every early-payment discount it is offered.",
        figures: [
          { label: "Hours saved a month", value: "310" },
          { label: "Invoices posted untouched", value: "91%" },
          { label: "Time to post", value: "Same day" },
        ],
      },
      {
        title: "Month-end bank reconciliation in an afternoon",
        industry: "finance",
        problem:
          "A regional lender's finance team spent the first four working days of every month reconciling bank statements against the ledger in Excel, line by line, across eleven accounts.",
        solution:
          "A workflow pulls the statements from the banks' portals each night, matches them to ledger entries with rules the controllers agreed, and leaves only the unmatched lines in a review queue with an audit trail.",
        result:
          "The close starts with the reconciliations done. Controllers review a short list of exceptions instead of whole statements, and the auditors read the trail instead of asking for the spreadsheets.",
        figures: [
          { label: "Close shortened by", value: "3 days" },
          { label: "Lines matched automatically", value: "96%" },
        ],
      },
      {
        title: "Web shop stock that matches the warehouse",
        industry: "retail",
        problem:
          "An outdoor retailer exported stock levels from its ERP every night and imported them into the web shop by hand, so busy days ended with oversold items and apologetic emails.",
        solution:
          "We replaced the export with an integration that sends every stock movement to the shop within a minute, with a nightly full comparison that flags any difference to the e-commerce team.",
        result:
          "Overselling stopped in the first week. The nightly import job and its manual checks are gone, and the team trusts the stock figures the shop shows.",
        figures: [{ label: "Oversold orders a month", value: "0 (from ~140)" }],
      },
    ],
  },
  {
    ownerEmail: "lumen@demo.automatch.io",
    industriesServed: ["finance", "legal", "healthcare"],
    caseStudies: [
      {
        title: "Matter profitability for a law firm's partners",
        industry: "legal",
        problem:
          "Partners asked every month which matters made money; finance built the answer by hand from billing exports and the ledger, and it arrived two weeks into the next month.",
        solution:
          "We modelled time, billing and cost data in one governed warehouse and gave partners a dashboard of matter profitability, refreshed every night, with the definitions agreed with finance.",
        result:
          "Partners read the figures on the first working day of the month and finance no longer builds the report. Write-offs are discussed while a matter is still running.",
        figures: [
          { label: "Report ready", value: "Day 1 (was day 14)" },
          { label: "Finance hours saved a month", value: "60" },
        ],
      },
      {
        title: "Approval workflow for clinical supply purchases",
        industry: "healthcare",
        problem:
          "A hospital group approved clinical supply purchases by email; requests got lost, budget holders approved over their limits, and nobody could say where a request was.",
        solution:
          "We designed an approval workflow with limits per role, automatic routing to the right budget holder and reminders, connected to the purchasing system so approved requests become orders.",
        result:
          "Every request has an owner and a status. Approvals take a day instead of a week, and purchases over a budget holder's limit can no longer be approved by mistake.",
      },
    ],
  },
  {
    ownerEmail: "cobalt@demo.automatch.io",
    industriesServed: ["retail", "tech", "manufacturing"],
    caseStudies: [
      {
        title: "Serverless order routing for a logistics company",
        industry: "retail",
        problem:
          "A fulfilment company received orders from forty web shops in different formats and typed the awkward ones into its warehouse system, which delayed same-day dispatch.",
        solution:
          "We built a serverless intake on AWS that accepts each shop's format, validates and normalises orders, and posts them to the warehouse system's API, with a dashboard of rejected orders and why.",
        result:
          "Orders from every shop arrive in the warehouse system within seconds. The typing team moved to customer service, and the same-day cut-off moved two hours later.",
        figures: [
          { label: "Orders a day", value: "12,000" },
          { label: "Same-day cut-off", value: "+2 hours" },
        ],
      },
    ],
  },
  {
    ownerEmail: "kestrel@demo.automatch.io",
    industriesServed: ["healthcare", "finance", "legal"],
    caseStudies: [
      {
        title: "Insurance claim forms read by machine learning",
        industry: "healthcare",
        problem:
          "A health insurer's claims team read scanned claim forms and typed about twenty fields from each into the claims system, with a backlog of several days every Monday.",
        solution:
          "We trained document models on the insurer's own forms to read the fields, validate them against policy data, and hand confident results to the claims system through its API; unclear fields go to a person.",
        result:
          "Most claims enter the system without typing and the Monday backlog is gone. Staff check the fields the model is unsure of rather than typing whole forms.",
        figures: [
          { label: "Fields read automatically", value: "88%" },
          { label: "Backlog", value: "None (was 3 days)" },
        ],
      },
      {
        title: "Contract clauses found before renewal",
        industry: "legal",
        problem:
          "A company's legal team could not say which of its 4,000 supplier contracts had automatic renewal or price escalation clauses, and found out when the invoices arrived.",
        solution:
          "We extracted the renewal, notice and escalation clauses from every contract with a language model checked by lawyers on a sample, and loaded them into the contract register with reminders.",
        result:
          "The team now gets a reminder ninety days before any renewal and has cancelled or renegotiated contracts it would have renewed without noticing.",
      },
    ],
  },
  {
    ownerEmail: "meridian@demo.automatch.io",
    industriesServed: ["manufacturing", "retail", "other"],
    caseStudies: [
      {
        title: "Machine data from the shop floor into SAP",
        industry: "manufacturing",
        problem:
          "A packaging manufacturer recorded machine counts and stoppages on paper at each shift change, then keyed them into SAP the next day, so planners worked with yesterday's figures.",
        solution:
          "We connected the machines' controllers to an event stream and SAP through middleware, so counts and stoppages arrive as they happen, with a shift report produced automatically.",
        result:
          "Planners see each line's output and stoppages live. The paper forms and next-day keying are gone, and stoppage causes are now recorded for every event.",
        figures: [
          { label: "Lines connected", value: "14" },
          { label: "Keying hours saved a week", value: "25" },
        ],
      },
    ],
  },
  {
    ownerEmail: "bluebird@demo.automatch.io",
    industriesServed: ["healthcare", "retail", "finance"],
    caseStudies: [
      {
        title: "Order entry bots for a medical supplies distributor",
        industry: "healthcare",
        problem:
          "Clinics ordered supplies by email and fax; a team of six typed each order into the distributor's ERP, and peaks in flu season meant orders waited until the next day.",
        solution:
          "We built desktop and browser bots that read emailed and faxed orders, enter them into the ERP, and send the clinic a confirmation, with a dashboard of every order each bot handled.",
        result:
          "Orders are entered within the hour, even in flu season. The team checks the orders the bots flag and calls clinics about substitutions instead of typing.",
        figures: [{ label: "Orders entered by bots", value: "78%" }],
      },
    ],
  },
  // Approved without a subscription: a profile with industries and nothing else yet.
  { ownerEmail: "provider2@demo.automatch.io", industriesServed: ["finance", "tech"], caseStudies: [] },
];

/** Writes each demo provider's industries served and case studies (after its company exists). */
export async function seedDemoProfiles(db: Db, account: (email: string) => UserRow): Promise<void> {
  for (const profile of DEMO_PROFILES) {
    const owner = account(profile.ownerEmail);
    await updatePublicProfile(db, owner.id, { industriesServed: profile.industriesServed });
    for (const caseStudy of profile.caseStudies) await createCaseStudy(db, owner.id, caseStudy);
  }
}
