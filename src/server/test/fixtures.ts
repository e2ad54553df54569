import { eq } from "drizzle-orm";
// Data that several API test files need, made through the same tables the product uses.
import type { CompanySize } from "@/shared/companies";
import { PROVIDER_SPECIALTIES } from "@/shared/specialties";
import { companies } from "../db/schema/companies";
import { subscriptions } from "../db/schema/subscriptions";
import { createUser, type TestContext, type TestUser } from "./test-app";

/** The valid wizard's API body (`src/shared/quote-requests.fixtures.ts`), under the name the API tests use. */
export { validQuoteRequestBody as quoteRequestBody } from "@/shared/quote-requests.fixtures";

export type ProviderSetup = {
  specialties?: string[];
  /** null: not specified (decision 102). */
  country?: string | null;
  size?: CompanySize;
  companyStatus?: "pending" | "approved" | "rejected";
  /** null: no subscription at all. */
  subscription?: "incomplete" | "trialing" | "active" | "past_due" | "canceled" | null;
};

export type TestProvider = TestUser & { companyId: number };

/**
 * Providers are numbered per test database, from 1, so that a file's names ("Provider 1 Automation")
 * do not depend on which files ran before it in the same worker (the workers are not isolated).
 */
const providerSeqs = new WeakMap<TestContext["database"], number>();

/** A provider user with a company and (by default) an active demo subscription: eligible for leads. */
export async function createProvider(ctx: TestContext, setup: ProviderSetup = {}): Promise<TestProvider> {
  const providerSeq = (providerSeqs.get(ctx.database) ?? 0) + 1;
  providerSeqs.set(ctx.database, providerSeq);
  const user = await createUser(ctx, "provider", `provider${providerSeq}`);
  const [company] = await ctx.database.db
    .insert(companies)
    .values({
      userId: user.id,
      name: `Provider ${providerSeq} Automation`,
      description: "We automate back-office processes with RPA and integrations, end to end, for mid-size firms.",
      industry: "automation",
      location: "Austin, TX",
      country: setup.country === undefined ? "US" : setup.country,
      size: setup.size ?? "small",
      specialties: setup.specialties ?? ["RPA", "Workflow Automation"],
      status: setup.companyStatus ?? "approved",
    })
    .returning({ id: companies.id });
  if (!company) throw new Error("could not create the test company");
  const status = setup.subscription === undefined ? "active" : setup.subscription;
  if (status !== null) {
    await ctx.database.db.insert(subscriptions).values({
      userId: user.id,
      provider: "demo",
      customerId: `cus_test_${providerSeq}`,
      externalId: `sub_test_${user.id}`,
      status,
    });
  }
  return { ...user, companyId: company.id };
}

/**
 * Five providers, best first on the default request: each covers less of it than the one before, so
 * that matching (three leads a request) reaches the first three, and the fourth takes a freed place.
 */
export async function rankedProviders(ctx: TestContext) {
  return {
    first: await createProvider(ctx, { specialties: [...PROVIDER_SPECIALTIES] }),
    second: await createProvider(ctx, { specialties: ["RPA", "System Integration", "Workflow Automation"] }),
    third: await createProvider(ctx, { specialties: ["RPA", "System Integration"] }),
    fourth: await createProvider(ctx, { specialties: ["RPA"] }),
    fifth: await createProvider(ctx, { specialties: ["IoT Integration"] }),
  };
}

/** A provider with every specialty: it outscores all others on the default request, so each matched request reaches it. */
export const createTopProvider = (ctx: TestContext): Promise<TestProvider> =>
  createProvider(ctx, { specialties: [...PROVIDER_SPECIALTIES] });

/** The address of a provider's public profile as stored now (`/providers/{slug}`). */
export async function slugOf(ctx: TestContext, provider: Pick<TestProvider, "companyId">): Promise<string> {
  const [row] = await ctx.database.db
    .select({ slug: companies.slug })
    .from(companies)
    .where(eq(companies.id, provider.companyId));
  return row?.slug ?? "";
}
