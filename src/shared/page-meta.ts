// The title and description of each public page, for search engines and link previews. The browser
// sets them as the page renders; the server writes them into the HTML it sends for these paths, since
// link-preview crawlers do not run JavaScript.
import { BRAND_NAME } from "./brand";

export type PageMeta = { title: string; description: string };

export const PUBLIC_PAGE_META = {
  "/": {
    title: "Find Vetted Automation Providers in 48 Hours",
    description: `Describe the business process you want automated and ${BRAND_NAME} matches you with 2-3 vetted automation providers within 48 hours. Free for businesses.`,
  },
  "/how-it-works": {
    title: "How It Works",
    description:
      "Submit your automation request, get matched with vetted vendors within 48 hours, then compare quotes or book a consultation. Free for businesses.",
  },
  "/for-vendors": {
    title: "Buy Ready-to-Close Automation Leads",
    description:
      "Pre-qualified automation project leads delivered within 48 hours. 75% average close rate, $250K average project value. Apply to become a vendor.",
  },
  "/schedule": {
    title: "Schedule a Free Automation Strategy Session",
    description:
      "Book a free 30-minute call with an automation strategist: vendor matching, ROI roadmap, risk assessment and an implementation plan for your project.",
  },
  "/about": {
    title: "About Us",
    description: `${BRAND_NAME} connects businesses with vetted process-automation providers. Learn about our mission, our story since 2018 and the values behind every match.`,
  },
  "/privacy-policy": {
    title: "Privacy Policy",
    description: `How ${BRAND_NAME} collects, uses, shares and protects the personal information of businesses and automation providers.`,
  },
  "/terms": {
    title: "Terms of Service",
    description: `The terms that govern the use of the ${BRAND_NAME} marketplace by businesses and automation vendors, including lead sales, payments and refunds.`,
  },
  "/quote-request": {
    title: "Get Automation Quotes From Vetted Providers",
    description:
      "Describe the process you want automated and get quotes from 2-3 vetted automation providers. Free to submit, no obligation to hire.",
  },
  "/providers": {
    title: "Automation Provider Directory",
    description: `Browse vetted automation providers on ${BRAND_NAME}: verified companies with their specialties, case studies, hires and reviews from clients who hired them.`,
  },
  "/login": {
    title: "Sign in",
    description: `Sign in to your ${BRAND_NAME} account.`,
  },
  "/provider-registration": {
    title: "Join Our Provider Network",
    description:
      "Register your automation company, get verified, and receive leads matched to your specialties. $99/month with a 14-day free trial.",
  },
} as const satisfies Record<string, PageMeta>;

export type PublicPagePath = keyof typeof PUBLIC_PAGE_META;

export function isPublicPagePath(path: string): path is PublicPagePath {
  return Object.hasOwn(PUBLIC_PAGE_META, path);
}

/** The marketing pages: the same for every visitor (decision 121), and in the sitemap. */
export const MARKETING_PAGE_PATHS = [
  "/",
  "/how-it-works",
  "/for-vendors",
  "/schedule",
  "/about",
  "/privacy-policy",
  "/terms",
] as const satisfies readonly PublicPagePath[];

/**
 * The pages the same for every visitor, so prerendered to HTML at build time and hydrated in the
 * browser (decision 121): the marketing pages, and the sign-in form, the door of every returning user
 * (decision 160). The visitor's views of /quote-request and /provider-registration are not: they depend
 * on who is signed in.
 */
export const PRERENDERED_PAGE_PATHS = [...MARKETING_PAGE_PATHS, "/login"] as const satisfies readonly PublicPagePath[];

export type PrerenderedPagePath = (typeof PRERENDERED_PAGE_PATHS)[number];

/** Where the build writes a prerendered page, inside the web build's folder. */
export const PRERENDERED_DIR = "prerendered";
export const prerenderedFileName = (path: PrerenderedPagePath) =>
  path === "/" ? "index.html" : `${path.slice(1)}.html`;

/** What the browser tab shows: the page's title, then the brand. */
export const documentTitle = (title: string) => `${title} | ${BRAND_NAME}`;

/** Where the server puts the query data of a page it rendered (decision 138): JSON, never run as a script. */
export const SERVER_DATA_ELEMENT_ID = "server-data";

/** Cut at a word, within `max` characters, with an ellipsis when anything was left out. */
export function cutAtWord(text: string, max: number): string {
  const flat = text.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:!?-]+$/, "")}…`;
}

/** A provider's public profile, as the server writes it into the HTML and the browser sets it. */
export function providerProfileMeta(name: string, description: string): PageMeta {
  return { title: `${name} — Automation Provider`, description: cutAtWord(description, 160) };
}
