// The light tree of a prerendered marketing page (decisions 120 and 121): the page, its error boundary
// and the toasts, without React Router, TanStack Query or the route table, so that the page becomes
// interactive with React and the public frame alone. The first in-page navigation (a click on one of
// the page's links) loads the app (app.tsx) and hands the page over to it at the new address; the
// pointer over a link or focus on it starts that load early. The build prerenders these pages with this
// same tree (src/web/prerender.tsx), so that hydration finds the markup it renders.
import { type ComponentType, type LazyExoticComponent, Suspense, startTransition, useMemo, useState } from "react";
import type { PrerenderedPagePath } from "@/shared/page-meta";
import { type LinkNavigation, LinkNavigationContext } from "@/web/components/link";
import { ToastHost } from "@/web/components/toast-host";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { ErrorBoundary } from "./error-boundary";
import { AboutPage, ForVendorsPage, HowItWorksPage, LandingPage } from "./marketing-pages";

/**
 * The marketing pages that need neither the router nor the query cache. The others (schedule, privacy
 * policy, terms) read the public settings through TanStack Query and hydrate with the whole app.
 */
const LIGHT_PAGES: Partial<Record<PrerenderedPagePath, LazyExoticComponent<ComponentType>>> = {
  "/": LandingPage,
  "/how-it-works": HowItWorksPage,
  "/for-vendors": ForVendorsPage,
  "/about": AboutPage,
};

/** The path as the server matches it (trailing slashes dropped), when it is one of the light pages. */
export function lightPagePath(pathname: string): PrerenderedPagePath | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return Object.keys(LIGHT_PAGES).find((p): p is PrerenderedPagePath => p === path);
}

type AppComponent = typeof import("./app").App;
let appLoad: Promise<AppComponent> | null = null;

function loadApp(): Promise<AppComponent> {
  appLoad ??= import("./app").then(
    (module) => module.App,
    (error: unknown) => {
      appLoad = null;
      throw error;
    },
  );
  return appLoad;
}

export function MarketingApp({ path }: { path: PrerenderedPagePath }) {
  const [App, setApp] = useState<AppComponent | null>(null);
  const navigation = useMemo<LinkNavigation>(() => {
    let wanted: string | null = null;
    return {
      pathname: path,
      prepare: () => void loadApp().catch(() => {}),
      navigate: (to) => {
        wanted = to;
        loadApp().then(
          (loaded) => {
            // Only the last of several clicks made while the app loads.
            if (wanted !== to) return;
            const here = window.location.pathname + window.location.search + window.location.hash;
            // A link to the page shown replaces it, as React Router's links do.
            if (to === here) window.history.replaceState(null, "", to);
            else window.history.pushState(null, "", to);
            startTransition(() => setApp(() => loaded));
          },
          // Without the app's code (offline, a new release), the browser loads the address itself.
          () => window.location.assign(to),
        );
      },
    };
  }, [path]);
  // From then on the app shows every address, this one too when the visitor comes back to it; the
  // page began as prerendered HTML, so `/` keeps the landing while the session is read (decision 121).
  if (App) return <App prerendered />;
  const Page = LIGHT_PAGES[path];
  if (!Page) throw new Error(`${path} is not a light marketing page`);
  return (
    <>
      <LinkNavigationContext value={navigation}>
        <ErrorBoundary resetKey={path}>
          <Suspense fallback={<LoadingScreen />}>
            <Page />
          </Suspense>
        </ErrorBoundary>
      </LinkNavigationContext>
      <ToastHost />
    </>
  );
}
