// Spec section 2, "Public header on every marketing page" and the footer paragraph.
import { Menu, X } from "lucide-react";
import { type ReactNode, useState, useSyncExternalStore } from "react";
import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { Link, NavLink } from "./link";
import { Logo } from "./logo";

const NAV_LINKS = [
  { to: PATHS.providers, label: "Find Providers" },
  { to: PATHS.howItWorks, label: "How It Works" },
  { to: PATHS.forVendors, label: "For Vendors" },
  { to: PATHS.schedule, label: "Schedule" },
  { to: PATHS.about, label: "About" },
] as const;

const FOOTER_GROUPS = [
  {
    title: "Company",
    links: [
      { to: PATHS.about, label: "About Us" },
      { to: PATHS.privacyPolicy, label: "Privacy Policy" },
      { to: PATHS.terms, label: "Terms of Service" },
    ],
  },
  {
    title: "For Businesses",
    links: [
      { to: PATHS.home, label: "Get Quotes" },
      { to: PATHS.providers, label: "Find Providers" },
      { to: PATHS.howItWorks, label: "How It Works" },
      { to: PATHS.schedule, label: "Schedule Call" },
    ],
  },
  {
    title: "For Providers",
    links: [
      { to: PATHS.forVendors, label: "Become a Vendor" },
      { to: PATHS.providerRegistration, label: "Join as Provider" },
    ],
  },
] as const;

/**
 * Get Started leads to the landing and its lead form (spec section 2). Pages whose next step is signing in
 * (the landing itself, spec screen 1, and the visitor's views of /quote-request and /provider-registration)
 * pass `signInHref`: then Login and Get Started are full-page navigations there.
 */
export function PublicHeader({ signInHref }: { signInHref?: string }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const closeMenu = () => setMenuOpen(false);
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3">
        <Link
          to={PATHS.home}
          className="rounded-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
        >
          <Logo size="md" />
        </Link>
        <button
          type="button"
          className="inline-flex h-10 w-10 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 md:hidden"
          aria-expanded={menuOpen}
          aria-controls="public-menu"
          aria-label={menuOpen ? "Close menu" : "Open menu"}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? <X className="h-5 w-5" aria-hidden="true" /> : <Menu className="h-5 w-5" aria-hidden="true" />}
        </button>
        {/* One panel for both widths: a row from md up, a drop-down column below it. */}
        <div
          id="public-menu"
          className={cn(
            "w-full flex-col gap-4 pb-3 md:flex md:w-auto md:flex-1 md:flex-row md:items-center md:justify-between md:pb-0",
            menuOpen ? "flex" : "hidden",
          )}
        >
          <nav aria-label="Main" className="md:mx-auto">
            <ul className="flex flex-col gap-1 md:flex-row md:items-center md:gap-1">
              {NAV_LINKS.map((link) => (
                <li key={link.to}>
                  <NavLink
                    to={link.to}
                    end
                    onClick={closeMenu}
                    className={({ isActive }) =>
                      cn(
                        "block rounded-md px-3 py-2 text-sm font-medium transition-colors",
                        isActive
                          ? "bg-blue-50 text-blue-800"
                          : "text-slate-700 hover:bg-slate-100 hover:text-slate-900",
                      )
                    }
                  >
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="flex flex-col gap-2 md:flex-row md:items-center">
            {signInHref ? (
              <>
                <Button asChild variant="outline" size="sm">
                  <a href={signInHref}>Login</a>
                </Button>
                <Button asChild size="sm">
                  <a href={signInHref}>Get Started</a>
                </Button>
              </>
            ) : (
              <Button asChild size="sm">
                <Link to={PATHS.home} onClick={closeMenu}>
                  Get Started
                </Link>
              </Button>
            )}
          </div>
        </div>
      </div>
    </header>
  );
}

const subscribeToNothing = () => () => {};
const currentYear = () => new Date().getFullYear();

/**
 * The year is left out of prerendered HTML, which was written at build time (decision 121): the browser
 * adds it once it has taken the page over, so the two renders agree even across a new year.
 */
function useCurrentYear(): number | null {
  return useSyncExternalStore(subscribeToNothing, currentYear, () => null);
}

export function PublicFooter() {
  const year = useCurrentYear();
  return (
    <footer className="border-t border-slate-800 bg-slate-900 text-slate-300">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <div className="space-y-3">
          <Link
            to={PATHS.home}
            className="inline-block rounded-md bg-white px-2 py-1 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-400"
          >
            <Logo size="sm" withDomain />
          </Link>
          <p className="text-sm leading-relaxed">
            The marketplace that matches businesses with vetted process-automation providers.
          </p>
        </div>
        {FOOTER_GROUPS.map((group) => (
          <nav key={group.title} aria-label={group.title}>
            <h2 className="text-sm font-semibold uppercase tracking-wide text-white">{group.title}</h2>
            <ul className="mt-4 space-y-2 text-sm">
              {group.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.to} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-6xl flex-col gap-2 px-4 py-6 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            &copy; {year} {BRAND_NAME}. All rights reserved.
          </p>
          <Link to={PATHS.admin} className="hover:text-white hover:underline">
            Admin
          </Link>
        </div>
      </div>
    </footer>
  );
}

export function PublicLayout({ children, signInHref }: { children: ReactNode; signInHref?: string }) {
  return (
    <div className="flex min-h-screen flex-col bg-white text-slate-900">
      <a
        href="#main-content"
        className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:text-blue-800 focus:shadow"
      >
        Skip to content
      </a>
      <PublicHeader signInHref={signInHref} />
      <main id="main-content" className="flex-1">
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
