// The marketing pages (decision 121), each its own chunk: the app's routes and the light tree that
// hydrates a prerendered page (marketing-app.tsx) share these, so a page loaded by one is ready for the other.
import { lazyPage } from "./lazy-page";

export const AboutPage = lazyPage(() => import("@/web/features/marketing/about-page"), "AboutPage");
export const ForVendorsPage = lazyPage(() => import("@/web/features/marketing/for-vendors-page"), "ForVendorsPage");
export const HowItWorksPage = lazyPage(() => import("@/web/features/marketing/how-it-works-page"), "HowItWorksPage");
export const LandingPage = lazyPage(() => import("@/web/features/marketing/landing-page"), "LandingPage");
export const PrivacyPolicyPage = lazyPage(
  () => import("@/web/features/marketing/privacy-policy-page"),
  "PrivacyPolicyPage",
);
export const SchedulePage = lazyPage(() => import("@/web/features/marketing/schedule-page"), "SchedulePage");
export const TermsPage = lazyPage(() => import("@/web/features/marketing/terms-page"), "TermsPage");
