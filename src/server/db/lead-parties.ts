// A lead's two parties, joined the one way every query that asks "whose lead is this" joins them: the
// lead's request (its client) and the lead's company (its provider, the owner).
import { eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { companies } from "./schema/companies";
import { leads } from "./schema/leads";
import { quoteRequests } from "./schema/quote-requests";

/** Inner-joins the request and the company of `leads` onto a query that reads leads already (`.$dynamic()`). */
export function joinLeadParties<T extends PgSelect>(query: T) {
  return query
    .innerJoin(quoteRequests, eq(quoteRequests.id, leads.quoteRequestId))
    .innerJoin(companies, eq(companies.id, leads.companyId));
}
