// The product's page paths, in one place: the browser's router declares its routes with them and the
// server writes them into notifications and email links, so a page that moves cannot leave a dead link.

export const PATHS = {
  home: "/",
  howItWorks: "/how-it-works",
  forVendors: "/for-vendors",
  schedule: "/schedule",
  about: "/about",
  privacyPolicy: "/privacy-policy",
  terms: "/terms",
  authTest: "/auth-test",
  /** The provider directory and each provider's public profile (issue 17). */
  providers: "/providers",
  provider: "/providers/:slug",
  providerRegistration: "/provider-registration",
  login: "/login",
  signup: "/signup",
  forgotPassword: "/forgot-password",
  /** The link in the email carries its token after `#token=`, so it reaches no server log. */
  resetPassword: "/reset-password",
  /** The confirmation link's page; its token also rides after `#`. */
  verifyEmail: "/verify-email",
  quoteRequestWizard: "/quote-request",
  quoteRequest: "/quote-request/:id",
  dashboard: "/dashboard",
  reports: "/reports",
  providerDashboard: "/provider-dashboard",
  providerLeads: "/provider-dashboard/leads",
  lead: "/provider-dashboard/leads/:id",
  myQuotes: "/my-quotes",
  analytics: "/analytics",
  subscription: "/subscription",
  settings: "/settings",
  admin: "/admin",
  adminAnalytics: "/admin/analytics",
  adminUsers: "/admin/users",
  adminProviders: "/admin/providers",
  adminRequests: "/admin/requests",
  adminAlerts: "/admin/alerts",
  adminActivity: "/admin/activity",
  adminEmails: "/admin/emails",
  adminInquiries: "/admin/inquiries",
  /** Reported messages (issue 16): reached from the Alerts tab and from a report's alert. */
  adminReports: "/admin/reports",
  /** Every review, with hiding (issue 17). */
  adminReviews: "/admin/reviews",
  /** Job queues, failed jobs and emails, 5xx answers, the database (issue 31). */
  adminSystem: "/admin/system",
  adminSettings: "/admin/settings",
} as const;

/** The path of one request's page. */
export function quoteRequestPath(id: number | string): string {
  return PATHS.quoteRequest.replace(":id", String(id));
}

/** The path of one provider's public profile. */
export function providerPath(slug: string): string {
  return PATHS.provider.replace(":slug", encodeURIComponent(slug));
}

/** The path of one lead's page, as its provider opens it. */
export function leadPath(id: number | string): string {
  return PATHS.lead.replace(":id", String(id));
}

const PAGE_PATTERNS = Object.values(PATHS).map((path) => new RegExp(`^${path.replace(/:[a-zA-Z]+/g, "[^/]+")}/?$`));

/**
 * Whether the app has a page at `pathname` (the browser's router would not show "Page Not Found"): one of
 * PATHS, a `:param` standing for one segment, or any path under the admin portal, whose tabs the portal
 * itself resolves. The server answers 404 for any other (issue 30: no soft 404s).
 */
export function isPagePath(pathname: string): boolean {
  if (pathname === PATHS.admin || pathname.startsWith(`${PATHS.admin}/`)) return true;
  return PAGE_PATTERNS.some((pattern) => pattern.test(pathname));
}
