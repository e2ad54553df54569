// The signed-in layout's rules (spec section 2), kept free of React so that they can be unit-tested.
import { PATHS } from "@/shared/paths";
import type { UserType } from "@/shared/users";

export type NavItem = {
  href: string;
  label: string;
  /** Pages that belong to this item though their path starts like another's (a request's page). */
  claims?: RegExp;
  /** Shows the count of unread conversation messages (issue 16). */
  unread?: "conversations";
};

export const SIDEBAR_ITEMS: Record<UserType, NavItem[]> = {
  client: [
    { href: PATHS.home, label: "Dashboard" },
    // A request's page (/quote-request/7) is one of My Requests, not a New Request.
    { href: PATHS.dashboard, label: "My Requests", claims: /^\/quote-request\/\d+\/?$/, unread: "conversations" },
    { href: PATHS.quoteRequestWizard, label: "New Request" },
    { href: PATHS.reports, label: "Reports" },
    { href: PATHS.settings, label: "Settings" },
  ],
  provider: [
    { href: PATHS.home, label: "Dashboard" },
    { href: PATHS.providerDashboard, label: "Available Leads", unread: "conversations" },
    { href: PATHS.myQuotes, label: "My Quotes" },
    { href: PATHS.subscription, label: "Subscription" },
    { href: PATHS.analytics, label: "Analytics" },
    { href: PATHS.settings, label: "Settings" },
  ],
  admin: [
    { href: PATHS.admin, label: "Overview" },
    { href: PATHS.adminAnalytics, label: "Analytics" },
    { href: PATHS.adminUsers, label: "Users" },
    { href: PATHS.adminProviders, label: "Providers" },
    { href: PATHS.adminRequests, label: "Requests" },
    { href: PATHS.adminAlerts, label: "Alerts" },
    { href: PATHS.adminActivity, label: "Activity Log" },
    { href: PATHS.adminSettings, label: "Settings" },
  ],
};

/** Exact match, or prefix match on a path segment boundary, except for the root route. */
export function isNavItemActive(href: string, pathname: string): boolean {
  if (pathname === href) return true;
  if (href === "/") return false;
  return pathname.startsWith(`${href}/`);
}

/**
 * The one item to highlight: an item that claims the page, else the longest whose path matches it
 * (exact or prefix, spec section 2), so that /admin/users lights Users and not Overview too.
 */
export function activeNavHref(items: NavItem[], pathname: string): string | null {
  const claimed = items.find((item) => item.claims?.test(pathname));
  if (claimed) return claimed.href;
  let best: string | null = null;
  for (const { href } of items) {
    if (isNavItemActive(href, pathname) && (best === null || href.length > best.length)) best = href;
  }
  return best;
}

export type Crumb = { label: string; href: string | null };

/** A path segment as a person reads it; one with a malformed escape (`%zz`) as it was typed. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Home, then each path segment capitalised with hyphens as spaces; the last one is not a link. */
export function buildBreadcrumbs(pathname: string): Crumb[] {
  const segments = pathname.split("/").filter(Boolean);
  const crumbs: Crumb[] = [{ label: "Home", href: segments.length > 0 ? "/" : null }];
  segments.forEach((segment, i) => {
    const words = decodeSegment(segment).replaceAll("-", " ");
    crumbs.push({
      label: words.charAt(0).toUpperCase() + words.slice(1),
      href: i === segments.length - 1 ? null : `/${segments.slice(0, i + 1).join("/")}`,
    });
  });
  return crumbs;
}

export type Theme = { accent: string; accentText: string; badge: string; activeItem: string };

/** Blue for clients, green for providers, purple for admins, grey otherwise. */
export function themeFor(type: string | undefined): Theme {
  switch (type) {
    case "client":
      return {
        accent: "bg-blue-700",
        accentText: "text-blue-700",
        badge: "bg-blue-100 text-blue-800",
        activeItem: "bg-blue-50 text-blue-800",
      };
    case "provider":
      return {
        accent: "bg-green-700",
        accentText: "text-green-700",
        badge: "bg-green-100 text-green-800",
        activeItem: "bg-green-50 text-green-800",
      };
    case "admin":
      return {
        accent: "bg-purple-700",
        accentText: "text-purple-700",
        badge: "bg-purple-100 text-purple-800",
        activeItem: "bg-purple-50 text-purple-800",
      };
    default:
      return {
        accent: "bg-slate-700",
        accentText: "text-slate-700",
        badge: "bg-slate-100 text-slate-800",
        activeItem: "bg-slate-100 text-slate-900",
      };
  }
}
