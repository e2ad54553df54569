import { useQuery } from "@tanstack/react-query";
import { LogOut, Menu, ShieldCheck } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link, useLocation } from "react-router";
import { PATHS } from "@/shared/paths";
import { HomeLogoLink } from "@/web/components/logo";
import { ScrollArea } from "@/web/components/ui/scroll-area";
import { Tooltip, TooltipProvider } from "@/web/components/ui/tooltip";
import { CornerCount, NavUnreadCount } from "@/web/components/unread-badge";
import { alertCountQueryOptions } from "@/web/features/admin/api";
import { VerifyEmailBanner } from "@/web/features/auth/verify-email-banner";
import { NotificationBell } from "@/web/features/notifications/notification-bell";
import { useAuth } from "@/web/lib/auth";
import { cn } from "@/web/lib/cn";
import { useLiveUpdates } from "@/web/lib/live";
import { activeNavHref, buildBreadcrumbs, SIDEBAR_ITEMS, themeFor } from "./navigation";

/** The top bar's admin-only button (spec section 2): the unresolved alerts, and the way to them. */
function AdminAlertsButton() {
  // Until the count arrives the button claims nothing: "none unresolved" would be a guess.
  const count = useQuery(alertCountQueryOptions()).data?.unresolved;
  const label = count === undefined ? "Alerts" : count > 0 ? `Alerts: ${count} unresolved` : "Alerts: none unresolved";
  return (
    <Tooltip label={label}>
      <Link
        to={PATHS.adminAlerts}
        aria-label={label}
        className="relative rounded-md p-2 text-slate-700 hover:bg-slate-100"
        data-testid="admin-alerts-button"
      >
        <ShieldCheck className="h-5 w-5" />
        <CornerCount count={count} className="text-center leading-5" />
      </Link>
    </Tooltip>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  useLiveUpdates(user?.id);
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const theme = themeFor(user?.userType);
  const items = user ? SIDEBAR_ITEMS[user.userType] : [];
  const crumbs = buildBreadcrumbs(pathname);
  const activeHref = activeNavHref(items, pathname);

  // Only signed-in pages have tooltips, so their provider (and Radix's positioning code) loads with this
  // layout rather than with every page (decision 120).
  return (
    <TooltipProvider>
      <div className="flex min-h-screen bg-slate-50" data-theme={user?.userType ?? "none"}>
        <aside
          className={cn(
            "fixed inset-y-0 left-0 z-40 flex w-64 flex-col border-r border-slate-200 bg-white transition-transform md:static md:translate-x-0",
            menuOpen ? "translate-x-0" : "-translate-x-full",
          )}
          aria-label="Sidebar"
        >
          <div className={cn("h-1 w-full", theme.accent)} />
          <div className="p-5">
            <HomeLogoLink size="md" />
          </div>
          {user ? (
            <div className="border-b border-slate-200 px-5 pb-4">
              <p className="font-medium text-slate-900" data-testid="sidebar-user-name">
                {user.firstName} {user.lastName}
              </p>
              <span
                className={cn("mt-1 inline-block rounded px-2 py-0.5 text-xs font-semibold uppercase", theme.badge)}
                data-testid="user-type-badge"
              >
                {user.userType}
              </span>
            </div>
          ) : null}
          <ScrollArea className="min-h-0 flex-1">
            <nav aria-label="Main" className="space-y-1 p-3">
              {items.map((item) => {
                const active = item.href === activeHref;
                return (
                  <Link
                    key={item.href}
                    to={item.href}
                    onClick={() => setMenuOpen(false)}
                    aria-current={active ? "page" : undefined}
                    className={cn(
                      "flex items-center justify-between gap-2 rounded-md px-3 py-2 text-sm font-medium",
                      active ? theme.activeItem : "text-slate-700 hover:bg-slate-100",
                    )}
                  >
                    <span data-testid="nav-label">{item.label}</span>
                    {item.unread ? <NavUnreadCount /> : null}
                  </Link>
                );
              })}
            </nav>
          </ScrollArea>
          <div className="border-t border-slate-200 p-3">
            {/* A full-page navigation: the server ends the session and sends the browser to /. */}
            <a
              href="/api/logout"
              className="flex items-center gap-2 rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100"
            >
              <LogOut className="h-4 w-4" aria-hidden="true" />
              Logout
            </a>
          </div>
        </aside>
        {menuOpen ? (
          <button
            type="button"
            aria-label="Close menu"
            className="fixed inset-0 z-30 bg-black/30 md:hidden"
            onClick={() => setMenuOpen(false)}
          />
        ) : null}

        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex h-16 items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 md:px-6">
            <div className="flex min-w-0 items-center gap-2">
              <button
                type="button"
                className="rounded-md p-2 text-slate-700 hover:bg-slate-100 md:hidden"
                aria-label="Open menu"
                onClick={() => setMenuOpen(true)}
              >
                <Menu className="h-5 w-5" />
              </button>
              <nav aria-label="Breadcrumb" className="min-w-0">
                <ol className="flex flex-wrap items-center gap-1 text-sm text-slate-600">
                  {crumbs.map((crumb, i) => (
                    <li key={crumb.href ?? "current"} className="flex items-center gap-1">
                      {i > 0 ? <span aria-hidden="true">/</span> : null}
                      {crumb.href ? (
                        <Link to={crumb.href} className="hover:text-slate-900 hover:underline">
                          {crumb.label}
                        </Link>
                      ) : (
                        <span aria-current="page" className="font-medium text-slate-900">
                          {crumb.label}
                        </span>
                      )}
                    </li>
                  ))}
                </ol>
              </nav>
            </div>
            <div className="flex items-center gap-1">
              {user ? <NotificationBell /> : null}
              {user?.userType === "admin" ? <AdminAlertsButton /> : null}
            </div>
          </header>
          <VerifyEmailBanner />
          <main className="flex-1 p-4 md:p-8">{children}</main>
        </div>
      </div>
    </TooltipProvider>
  );
}
