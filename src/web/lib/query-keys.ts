// The browser's cache, one key factory per resource. The keys live together, apart from the features
// that read them, because a change in one feature refreshes another's reads (a quote sent changes its
// lead's status; a request cancelled declines its quotes): invalidating through this map needs no
// import of the other feature (decision 080). Each key starts with its resource, so `all` refreshes
// every read of it.
import type { InquirySource } from "@/shared/inquiry-options";
import type { EmailStatus } from "@/shared/notifications";

const admin = ["admin"] as const;
const notifications = ["notifications"] as const;
const quoteRequests = ["quote-requests"] as const;
const leads = ["leads"] as const;
const quotes = ["quotes"] as const;
const conversations = ["conversations"] as const;
const reviews = ["reviews"] as const;
const providers = ["providers"] as const;
const webhooks = ["webhooks"] as const;

export const queryKeys = {
  auth: {
    user: () => ["auth", "user"] as const,
    sessions: () => ["auth", "sessions"] as const,
    /** GET /api/account/tokens: the account's personal API tokens (decision 174). */
    apiTokens: () => ["auth", "api-tokens"] as const,
  },
  publicConfig: () => ["public-config"] as const,
  admin: {
    all: admin,
    pendingProviders: () => [...admin, "pending-providers"] as const,
    emails: (page: number, status: EmailStatus | "all") => [...admin, "emails", page, status] as const,
    inquiries: (page: number, source: InquirySource | "all") => [...admin, "inquiries", page, source] as const,
    vendorApplications: (page: number) => [...admin, "vendor-applications", page] as const,
    stats: () => [...admin, "stats"] as const,
    system: (page: number) => [...admin, "system", page] as const,
    analytics: (period: string) => [...admin, "analytics", period] as const,
    alertCount: () => [...admin, "alerts", "count"] as const,
    /** One of the keyset lists (requests, users, providers, alerts, activity) with its filters. */
    list: (name: string, params: Record<string, string>) => [...admin, "list", name, params] as const,
  },
  subscription: {
    all: ["subscription"] as const,
  },
  companies: {
    mine: () => ["companies", "me"] as const,
    /** The public profile's settings and case studies, as the owner edits them (issue 17). */
    publicProfile: () => ["companies", "me", "public-profile"] as const,
    caseStudies: () => ["companies", "me", "case-studies"] as const,
  },
  notifications: {
    all: notifications,
    list: () => [...notifications, "list"] as const,
    preferences: () => [...notifications, "preferences"] as const,
  },
  quoteRequests: {
    all: quoteRequests,
    /** The client's list, all of it or one status; `mine()` alone refreshes every filter's. */
    mine: (status?: string) =>
      status ? ([...quoteRequests, "me", status] as const) : ([...quoteRequests, "me"] as const),
    counts: () => [...quoteRequests, "counts"] as const,
    one: (id: number) => [...quoteRequests, "detail", id] as const,
  },
  leads: {
    all: leads,
    access: () => [...leads, "access"] as const,
    mine: () => [...leads, "me"] as const,
    one: (id: number) => [...leads, "detail", id] as const,
    /**
     * GET /api/companies/me/lead-preferences (issue 32): under `leads`, because each new lead changes
     * what it counts (the leads of the last 7 days, the capacity reached) and a lead's refresh reaches it.
     */
    preferences: () => [...leads, "preferences"] as const,
  },
  quotes: {
    all: quotes,
    mine: () => [...quotes, "me"] as const,
    ofLead: (leadId: number) => [...quotes, "lead", leadId] as const,
    ofRequest: (requestId: number) => [...quotes, "request", requestId] as const,
  },
  analytics: {
    mine: () => ["analytics", "me"] as const,
  },
  /** Issue 17: the hiring client's review of a request, and the provider's list of its reviews. */
  reviews: {
    all: reviews,
    /** GET /api/quote-requests/{id}/review */
    ofRequest: (requestId: number) => [...reviews, "request", requestId] as const,
    /** GET /api/companies/me/reviews, as an infinite query */
    mine: () => [...reviews, "me"] as const,
  },
  /** The public directory and profiles (issue 17): the same for every visitor. */
  providers: {
    all: providers,
    /** GET /api/providers with the directory's filters, and the page it starts from. */
    directory: (params: Record<string, string>) => [...providers, "directory", params] as const,
    /** GET /api/providers/{slug} */
    profile: (slug: string) => [...providers, "profile", slug] as const,
    /** GET /api/providers/{slug}/reviews: the pages after the profile's first one. */
    reviews: (slug: string) => [...providers, "reviews", slug] as const,
  },
  /** A provider's webhook endpoints and their delivery logs (issue 32 part 2, decision 173). */
  webhooks: {
    all: webhooks,
    /** GET /api/webhooks/endpoints */
    endpoints: () => [...webhooks, "endpoints"] as const,
    /** GET /api/webhooks/endpoints/{id}/deliveries, as an infinite query ("Load more"). */
    deliveries: (endpointId: number) => [...webhooks, "deliveries", endpointId] as const,
  },
  /** Issue 16: a live "message" or "read" event refreshes `all`. */
  conversations: {
    all: conversations,
    /** GET /api/conversations/unread: the sidebar's and the dashboards' counts. */
    unread: () => [...conversations, "unread"] as const,
    /** GET /api/conversations/{leadId} */
    one: (leadId: number) => [...conversations, "detail", leadId] as const,
    /** GET /api/conversations/{leadId}/messages, as an infinite query (older pages on scroll). */
    messages: (leadId: number) => [...conversations, "messages", leadId] as const,
    /** GET /api/quote-requests/{id}/conversations: the client's threads on a request's page. */
    ofRequest: (requestId: number) => [...conversations, "request", requestId] as const,
  },
};
