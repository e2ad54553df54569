import { type DehydratedState, hydrate, type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, use, useMemo, useState } from "react";
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation, useNavigate } from "react-router";
import { PATHS } from "@/shared/paths";
import type { UserType } from "@/shared/users";
import { type LinkNavigation, LinkNavigationContext } from "@/web/components/link";
import { ToastHost } from "@/web/components/toast-host";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { useAuth } from "@/web/lib/auth";
import { ErrorBoundary } from "./error-boundary";
import { lazyPage } from "./lazy-page";
import {
  AboutPage,
  ForVendorsPage,
  HowItWorksPage,
  LandingPage,
  PrivacyPolicyPage,
  SchedulePage,
  TermsPage,
} from "./marketing-pages";
import { NotFoundPage } from "./not-found-page";
import { PrerenderedContext } from "./prerendered";
import { createQueryClient } from "./query-client";
import { RoleGuard } from "./role-guard";

// Every page is its own chunk, so a visitor downloads only the public page they open; the signed-in
// layout (sidebar, bell) too. A page made of several features is composed in ./routes (decision 080).
const AppLayout = lazyPage(() => import("./app-layout"), "AppLayout");
const AdminAccessCard = lazyPage(() => import("@/web/features/admin/admin-access-card"), "AdminAccessCard");
const AdminPage = lazyPage(() => import("@/web/features/admin/admin-page"), "AdminPage");
const AuthTestPage = lazyPage(() => import("@/web/features/auth/auth-test-page"), "AuthTestPage");
const LoginPage = lazyPage(() => import("@/web/features/auth/login-page"), "LoginPage");
const SignupPage = lazyPage(() => import("@/web/features/auth/signup-page"), "SignupPage");
const ForgotPasswordPage = lazyPage(() => import("@/web/features/auth/forgot-password-page"), "ForgotPasswordPage");
const VerifyEmailPage = lazyPage(() => import("@/web/features/auth/verify-email-page"), "VerifyEmailPage");
const ResetPasswordPage = lazyPage(() => import("@/web/features/auth/reset-password-page"), "ResetPasswordPage");
const SubscriptionPage = lazyPage(() => import("@/web/features/billing/subscription-page"), "SubscriptionPage");
const ProviderRegistrationPage = lazyPage(
  () => import("@/web/features/companies/provider-registration-page"),
  "ProviderRegistrationPage",
);
const DirectoryPage = lazyPage(() => import("@/web/features/providers/directory-page"), "DirectoryPage");
const ProfilePage = lazyPage(() => import("@/web/features/providers/profile-page"), "ProfilePage");
const WelcomePage = lazyPage(() => import("./routes/welcome-page"), "WelcomePage");
const LeadDetailRoute = lazyPage(() => import("./routes/lead-detail-page"), "LeadDetailRoute");
const ProviderDashboardRoute = lazyPage(() => import("./routes/provider-dashboard-page"), "ProviderDashboardRoute");
const ClientDashboardPage = lazyPage(
  () => import("@/web/features/quote-requests/client-dashboard-page"),
  "ClientDashboardPage",
);
const QuoteRequestDetailRoute = lazyPage(() => import("./routes/quote-request-detail-page"), "QuoteRequestDetailRoute");
const QuoteRequestLanding = lazyPage(
  () => import("@/web/features/quote-requests/quote-request-landing"),
  "QuoteRequestLanding",
);
const QuoteRequestPage = lazyPage(() => import("@/web/features/quote-requests/quote-request-page"), "QuoteRequestPage");
const ReportsPage = lazyPage(() => import("@/web/features/quote-requests/reports-page"), "ReportsPage");
const SettingsRoute = lazyPage(() => import("./routes/settings-page"), "SettingsRoute");
const AnalyticsPage = lazyPage(() => import("@/web/features/quotes/analytics-page"), "AnalyticsPage");
const MyQuotesPage = lazyPage(() => import("@/web/features/quotes/my-quotes-page"), "MyQuotesPage");

/** A signed-in page: the role guard, then the sidebar layout. */
function SignedIn({ allowed, wrongRoleRedirect }: { allowed: UserType[]; wrongRoleRedirect?: string }) {
  return (
    <RoleGuard allowed={allowed} wrongRoleRedirect={wrongRoleRedirect}>
      <AppLayout>
        <Outlet />
      </AppLayout>
    </RoleGuard>
  );
}

/**
 * `/`: the public landing when signed out, the welcome dashboard when signed in. Prerendered, the landing
 * also stands while the session is read (decision 121); the server sends that HTML only without a session cookie.
 */
function Home() {
  const { isLoading, isAuthenticated } = useAuth();
  const prerendered = use(PrerenderedContext);
  if (isLoading) return prerendered ? <LandingPage /> : <LoadingScreen />;
  if (!isAuthenticated) return <LandingPage />;
  return (
    <RoleGuard allowed={[]}>
      <AppLayout>
        <WelcomePage />
      </AppLayout>
    </RoleGuard>
  );
}

/** `/admin`: a visitor is offered the administrator sign-in (spec screen 10); other roles go home. */
function AdminRoot() {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <AdminAccessCard />;
  return <SignedIn allowed={["admin"]} />;
}

/** A public path whose page differs once signed in (spec screen 3): the visitor's page, or the signed-in one. */
function PublicOrSignedIn({ signedOut, children }: { signedOut: ReactNode; children: ReactNode }) {
  const { isLoading, isAuthenticated } = useAuth();
  if (isLoading) return <LoadingScreen />;
  if (!isAuthenticated) return <>{signedOut}</>;
  return (
    <RoleGuard allowed={[]}>
      <AppLayout>{children}</AppLayout>
    </RoleGuard>
  );
}

/** `/quote-request/{id}`: signed out, the landing that signs in and comes back here. */
function QuoteRequestOrLanding() {
  const { pathname } = useLocation();
  return (
    <PublicOrSignedIn signedOut={<QuoteRequestLanding returnTo={pathname} />}>
      <QuoteRequestDetailRoute />
    </PublicOrSignedIn>
  );
}

export function AppRoutes() {
  return (
    <Routes>
      <Route path={PATHS.home} element={<Home />} />
      <Route path={PATHS.howItWorks} element={<HowItWorksPage />} />
      <Route path={PATHS.forVendors} element={<ForVendorsPage />} />
      <Route path={PATHS.schedule} element={<SchedulePage />} />
      <Route path={PATHS.about} element={<AboutPage />} />
      <Route path={PATHS.privacyPolicy} element={<PrivacyPolicyPage />} />
      <Route path={PATHS.terms} element={<TermsPage />} />
      <Route path={PATHS.providers} element={<DirectoryPage />} />
      <Route path={PATHS.provider} element={<ProfilePage />} />
      <Route path={PATHS.authTest} element={<AuthTestPage />} />
      <Route path={PATHS.providerRegistration} element={<ProviderRegistrationPage />} />
      <Route path={PATHS.login} element={<LoginPage />} />
      <Route path={PATHS.signup} element={<SignupPage />} />
      <Route path={PATHS.forgotPassword} element={<ForgotPasswordPage />} />
      <Route path={PATHS.resetPassword} element={<ResetPasswordPage />} />
      <Route path={PATHS.verifyEmail} element={<VerifyEmailPage />} />
      <Route
        path={PATHS.quoteRequestWizard}
        element={
          <PublicOrSignedIn signedOut={<QuoteRequestLanding />}>
            <QuoteRequestPage />
          </PublicOrSignedIn>
        }
      />
      <Route path={PATHS.quoteRequest} element={<QuoteRequestOrLanding />} />

      <Route element={<SignedIn allowed={["client"]} />}>
        <Route path={PATHS.dashboard} element={<ClientDashboardPage />} />
        <Route path={PATHS.reports} element={<ReportsPage />} />
      </Route>
      <Route element={<SignedIn allowed={["provider"]} />}>
        <Route path={PATHS.providerDashboard} element={<ProviderDashboardRoute />} />
        <Route path={PATHS.lead} element={<LeadDetailRoute />} />
        {/* The breadcrumb of a lead links here: the list of leads is the dashboard. */}
        <Route path={PATHS.providerLeads} element={<Navigate to={PATHS.providerDashboard} replace />} />
        <Route path={PATHS.myQuotes} element={<MyQuotesPage />} />
        <Route path={PATHS.analytics} element={<AnalyticsPage />} />
      </Route>
      <Route element={<SignedIn allowed={["provider"]} wrongRoleRedirect={PATHS.home} />}>
        <Route path={PATHS.subscription} element={<SubscriptionPage />} />
      </Route>
      <Route element={<SignedIn allowed={[]} />}>
        <Route path={PATHS.settings} element={<SettingsRoute />} />
      </Route>
      <Route path={PATHS.admin} element={<AdminRoot />}>
        <Route index element={<AdminPage />} />
        {/* The admin sidebar's Settings (spec section 2): the account settings every role has. */}
        <Route path="settings" element={<SettingsRoute />} />
        <Route path="*" element={<AdminPage />} />
      </Route>

      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

/** The boundary under every page, reset by each move to another address. */
function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <ErrorBoundary resetKey={pathname}>{children}</ErrorBoundary>;
}

/** The links of the public frame (components/link.tsx) navigate with the router, as its own links do. */
function RouterLinks({ children }: { children: ReactNode }) {
  const { pathname, search, hash } = useLocation();
  const navigate = useNavigate();
  const navigation = useMemo<LinkNavigation>(
    // A link to the page shown replaces it rather than adding a step to go back through (as React Router's Link).
    () => ({ pathname, navigate: (to) => void navigate(to, { replace: to === pathname + search + hash }) }),
    [pathname, search, hash, navigate],
  );
  return <LinkNavigationContext value={navigation}>{children}</LinkNavigationContext>;
}

/**
 * The whole app. The browser's router in the browser; the build's prerender and the server's render
 * (src/web/prerender.tsx) pass a static one and `prerendered`, and so does the browser when it hydrates
 * that HTML (src/web/main.tsx). A page the server rendered with data (decision 138) comes with that
 * data: the server's render gets its `queryClient`, the browser the `serverData` written into the page,
 * so that the first render in the browser is the server's.
 */
export function App({
  router = (pages) => <BrowserRouter>{pages}</BrowserRouter>,
  prerendered = false,
  queryClient: givenQueryClient,
  serverData,
}: {
  router?: (pages: ReactNode) => ReactNode;
  prerendered?: boolean;
  queryClient?: QueryClient;
  serverData?: DehydratedState;
}) {
  const [queryClient] = useState(() => {
    const client = givenQueryClient ?? createQueryClient();
    if (serverData) hydrate(client, serverData);
    return client;
  });
  return (
    <PrerenderedContext value={prerendered}>
      <QueryClientProvider client={queryClient}>
        {router(
          <RouterLinks>
            <PageErrorBoundary>
              <Suspense fallback={<LoadingScreen />}>
                <AppRoutes />
              </Suspense>
            </PageErrorBoundary>
          </RouterLinks>,
        )}
        <ToastHost />
      </QueryClientProvider>
    </PrerenderedContext>
  );
}
