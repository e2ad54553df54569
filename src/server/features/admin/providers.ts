// The Providers tab's list of every provider company (the pending ones to decide are
// GET /api/admin/pending-providers): vetting status, the owner's subscription, and how the company
// does with its leads.
import { and, desc, eq, type SQL, sql } from "drizzle-orm";
import {
  type AdminProvider,
  type AdminProvidersQuery,
  adminProvidersPageSchema,
  adminProvidersQuerySchema,
} from "@/shared/admin";
import type { Db } from "../../db/client";
import { companies } from "../../db/schema/companies";
import { leads } from "../../db/schema/leads";
import { quotes } from "../../db/schema/quotes";
import { subscriptions } from "../../db/schema/subscriptions";
import { users } from "../../db/schema/users";
import { idCursor, keysetSearch, pageLimit, toPage } from "../../http/paging";
import type { RoutePlugin } from "../../http/types";
import { adminListRoute } from "./errors";

const count = (where: SQL) => sql<number>`(${where})`.mapWith(Number);

export async function listProviders(db: Db, query: AdminProvidersQuery) {
  const after = idCursor(query.cursor);
  const limit = pageLimit(query.limit);
  const conditions = [
    query.status ? eq(companies.status, query.status) : undefined,
    ...keysetSearch(companies.id, after, query.q, [companies.name, users.email]),
  ];
  const rows = await db
    .select({
      company: {
        id: companies.id,
        name: companies.name,
        industry: companies.industry,
        location: companies.location,
        country: companies.country,
        specialties: companies.specialties,
        status: companies.status,
        createdAt: companies.createdAt,
      },
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: users.userType,
      },
      subscriptionStatus: subscriptions.status,
      subscriptionProvider: subscriptions.provider,
      // Per row of the page only: the limit applies first.
      leadsCount: count(sql`select count(*) from ${leads} where ${leads.companyId} = ${companies.id}`),
      quotesCount: count(
        sql`select count(*) from ${quotes} where ${quotes.companyId} = ${companies.id} and ${quotes.status} <> 'withdrawn'`,
      ),
      wonCount: count(
        sql`select count(*) from ${quotes} where ${quotes.companyId} = ${companies.id} and ${quotes.status} = 'accepted'`,
      ),
    })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .leftJoin(subscriptions, eq(subscriptions.userId, companies.userId))
    .where(and(...conditions))
    .orderBy(desc(companies.id))
    .limit(limit + 1);
  return toPage(
    rows,
    limit,
    (r): AdminProvider => ({
      ...r.company,
      createdAt: r.company.createdAt.toISOString(),
      owner: r.owner,
      subscription:
        r.subscriptionStatus && r.subscriptionProvider
          ? { status: r.subscriptionStatus, demo: r.subscriptionProvider === "demo" }
          : null,
      leadsCount: r.leadsCount,
      quotesCount: r.quotesCount,
      wonCount: r.wonCount,
    }),
    (r) => r.company.id,
  );
}

export const providerListRoutes: RoutePlugin = async (app) => {
  adminListRoute(
    app,
    "/api/admin/providers",
    { page: adminProvidersPageSchema, query: adminProvidersQuerySchema },
    listProviders,
  );
};
