// The public face of the product (spec sections 1, 2, 4, 5, 8, 9): the marketing pages and the visitor's
// views of /quote-request and /provider-registration, their header and footer, the three public forms,
// accessibility, 375 px phones (without a console error), and each page's own title and description.
// The other pages at 375 px, signed in or not: every-page.e2e.test.ts.
//
// Failure paths: the forms must show their error toast when the server fails. The e2e server is the
// real product, which has no switch to fail on purpose, and stopping it would break the file's other
// tests. So the failing request is intercepted in the browser with Playwright's page.route: it
// is answered with a 500 (or 503), or aborted as a network error, before it reaches the server; the
// page cannot tell that from a failing server. The same form is then sent again without the route
// and must reach the real server, and the admin API shows that exactly one submission was stored.
// The "Submitting..." state is made observable the same way: the request is held at the route until
// the test has seen the button, then passed on to the real server unchanged.
import type { BrowserContext, Locator, Page, Route } from "playwright-core";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { apiSignIn, DEMO, uniqueEmail } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { watchConsoleErrors } from "./support/console";
import { watchCspViolations } from "./support/csp";
import { keepScreenshot, startProduct } from "./support/fixture";

const product = startProduct();
let context: BrowserContext;
let page: Page;

/** A new context with one page for each test of the describe that calls it. */
const freshPagePerTest = () =>
  beforeEach(async () => {
    ({ context, page } = await product.newPage());
  });

type PublicPage = { path: string; h1: string; texts: string[] };

/** Each public page with its main heading and texts the spec requires on it (exact matches). */
const PUBLIC_PAGES: PublicPage[] = [
  {
    path: "/",
    h1: "Find Vetted Automation Providers in 48 Hours",
    texts: [
      "Get Free Quotes from Automation Experts",
      "Why Businesses Choose Automatch",
      "How It Works",
      "Submit Your Requirements",
      "Get Matched",
      "Compare Quotes",
      "Choose & Execute",
      "SOC 2 Compliant",
      "24/7 Support",
      "500+",
      "1000+",
      "$50M+",
    ],
  },
  {
    path: "/how-it-works",
    h1: "How It Works",
    texts: [
      "Submit Your Automation Request",
      "We Match You with Vetted Vendors",
      "AI-powered matching",
      "Pre-screened providers",
      "Industry experience",
      "Multiple options",
      "Get Quotes or Book a Consult",
      "48-Hour Matching",
      "Verified Providers",
      "Quality Guaranteed",
      "Frequently Asked Questions",
    ],
  },
  {
    path: "/for-vendors",
    h1: "Buy Ready-to-Close Automation Leads",
    texts: [
      "75%",
      "Average Close Rate",
      "48hr",
      "Lead Delivery",
      "$250K",
      "Average Project Value",
      "500+",
      "Active Partners",
      "Lead Intake",
      "Smart Matching",
      "Payment & Handoff",
      "Pre-Qualified Leads",
      "Higher Close Rates",
      "Time Savings",
      "Quality Guarantee",
      "Apply to Become a Vendor",
    ],
  },
  {
    path: "/schedule",
    h1: "Schedule Your Free Automation Strategy Session",
    texts: [
      "Personalized Vendor Matching",
      "ROI Roadmap",
      "Risk Assessment",
      "Quick Implementation Plan",
      "Team Alignment",
      "Success Metrics",
      "1000+",
      "500+",
      "98%",
      "$50M+",
    ],
  },
  {
    path: "/about",
    h1: "About Automatch",
    texts: [
      "The Problem",
      "Our Solution",
      "Our Story",
      "Trust & Transparency",
      "Quality First",
      "Client Success",
      "Innovation",
      "Our Impact",
      "2018",
      "50+",
    ],
  },
  {
    path: "/privacy-policy",
    h1: "Privacy Policy",
    texts: [
      "Last updated: January 15, 2025",
      "1. Information We Collect",
      "6. Cookies and Similar Technologies",
      "7. Third-Party Services",
      "10. Children's Privacy",
      "Analytics:",
      "Payment processor:",
    ],
  },
  {
    path: "/terms",
    h1: "Terms of Service",
    texts: [
      "Last updated: January 15, 2025",
      "1. Acceptance of Terms",
      "4. Lead Sales",
      "7. Refund Policy",
      "13. Governing Law",
    ],
  },
  {
    path: "/quote-request",
    h1: "Get Automation Quotes From Vetted Providers",
    texts: ["Vetted Providers", "Fast Response", "Completely Free"],
  },
  {
    path: "/providers",
    h1: "Automation Provider Directory",
    texts: ["Specialty", "Industry served", "Country", "Rating", "Sort by"],
  },
  {
    path: "/provider-registration",
    h1: "Join Our Provider Network",
    texts: ["500+", "$50M+", "95%", "24-48h", "$99", "14-day free trial, cancel anytime"],
  },
];

async function open(path: string): Promise<void> {
  const target = PUBLIC_PAGES.find((p) => p.path === path);
  await page.goto(path);
  await page.getByRole("heading", { level: 1, name: target?.h1 ?? "" }).waitFor();
  // Some parts load on their own (the booking area, the legal contact details): checks see them drawn.
  await page.waitForLoadState("networkidle");
}

const header = () => page.getByRole("banner");
const mainNav = () => page.getByRole("navigation", { name: "Main" });
const footer = () => page.getByRole("contentinfo");

/** The one toast on screen, as "Title Description". */
const toastText = async () => (await page.getByTestId("toast").innerText()).replace(/\s+/g, " ").trim();
const toastVariant = () => page.getByTestId("toast").getAttribute("data-variant");

/** The one toast on screen reads `text` ("Title Description"), in its `variant`. */
async function expectToast(text: string, variant: "default" | "destructive") {
  await expect.poll(toastText).toBe(text);
  expect(await toastVariant()).toBe(variant);
}

/** True when the element's top edge sits in the upper part of the viewport (a scroll has brought it there). */
const scrolledTo = (id: string) =>
  page.evaluate((elementId) => {
    const el = document.getElementById(elementId);
    if (!el) return false;
    const top = el.getBoundingClientRect().top;
    return top >= -2 && top < window.innerHeight / 2;
  }, id);

/** Holds the matching requests at the browser until `release()`, then sends them on to the real server. */
async function holdRequests(url: string) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(url, async (route: Route) => {
    await gate;
    await route.continue();
  });
  return { release: () => release() };
}

/**
 * Sends the form to the real server with the request held at first, so that the submitting state can be
 * seen: the button reads `sending` and is disabled until the server has the request.
 */
async function sendHeld(form: Locator, url: string, button: string, sending: string) {
  const held = await holdRequests(url);
  await form.getByRole("button", { name: button }).click();
  const pending = form.getByRole("button", { name: sending });
  await pending.waitFor();
  expect(await pending.isDisabled()).toBe(true);
  held.release();
}

/**
 * A public form's two sends: first to a server that fails as `fail` answers (the form shows the error
 * toast `error` and keeps what `kept` checks), then to the real server, held at first (see sendHeld).
 */
async function failThenSend(
  form: Locator,
  o: { url: string; fail: (route: Route) => Promise<void>; button: string; error: string; kept: () => Promise<void> },
  sending: string,
) {
  await page.route(o.url, o.fail);
  await form.getByRole("button", { name: o.button }).click();
  await expectToast(`Error ${o.error}`, "destructive");
  await o.kept();
  await page.unroute(o.url);
  await sendHeld(form, o.url, o.button, sending);
}

/** Fills the fields the landing's and the pre-qualification's forms share, and asks for a consultant. */
type Inquiry = { name: string; email: string; company: string; process: string; budget: string };

/** The inquiry forms' text fields, by their labels. */
const INQUIRY_TEXT_FIELDS = [
  ["name", "Full Name"],
  ["email", "Email Address"],
  ["company", "Company Name"],
  ["process", "Describe the process you want to automate"],
] as const;
const CONSULTANT = "I'd like to talk to an automation consultant";

async function fillInquiry(form: Locator, v: Inquiry) {
  for (const [key, label] of INQUIRY_TEXT_FIELDS) await form.getByLabel(label).fill(v[key]);
  await form.getByLabel("Budget Estimate").selectOption(v.budget);
  await form.getByLabel(CONSULTANT).check();
}

/** What an inquiry form holds: what fillInquiry typed (the consultant box checked), or, "empty", nothing at all. */
async function expectInquiryForm(form: Locator, v: Inquiry | "empty") {
  for (const [key, label] of INQUIRY_TEXT_FIELDS) {
    expect(await form.getByLabel(label).inputValue(), label).toBe(v === "empty" ? "" : v[key]);
  }
  expect(await form.getByLabel("Budget Estimate").inputValue()).toBe(v === "empty" ? "" : v.budget);
  expect(await form.getByLabel(CONSULTANT).isChecked()).toBe(v !== "empty");
}

/** An admin's view of the stored submissions, through the admin API. */
async function adminList(path: "/api/admin/inquiries" | "/api/admin/vendor-applications") {
  const admin = await product.newContext();
  try {
    await apiSignIn(admin, DEMO.admin, DEMO.password);
    const res = await admin.request.get(`${path}?pageSize=100`);
    expect(res.status()).toBe(200);
    return ((await res.json()) as { items: { email: string; [key: string]: unknown }[] }).items;
  } finally {
    await admin.close();
  }
}

/** A page's head as served, before any script runs: what a link-preview crawler gets. */
function servedHead(html: string) {
  return {
    title: html.match(/<title>([^<]*)<\/title>/)?.[1] ?? "",
    description: html.match(/<meta name="description" content="([^"]*)"/)?.[1] ?? "",
    ogTitle: html.match(/<meta property="og:title" content="([^"]*)"/)?.[1] ?? "",
    ogDescription: html.match(/<meta property="og:description" content="([^"]*)"/)?.[1] ?? "",
  };
}

const NAV = [
  { name: "Find Providers", path: "/providers", heading: "Automation Provider Directory" },
  { name: "How It Works", path: "/how-it-works", heading: "How It Works" },
  { name: "For Vendors", path: "/for-vendors", heading: "Buy Ready-to-Close Automation Leads" },
  { name: "Schedule", path: "/schedule", heading: "Schedule Your Free Automation Strategy Session" },
  { name: "About", path: "/about", heading: "About Automatch" },
];
const FOOTER = [
  { name: "About Us", href: "/about" },
  { name: "Privacy Policy", href: "/privacy-policy" },
  { name: "Terms of Service", href: "/terms" },
  { name: "Get Quotes", href: "/" },
  { name: "Find Providers", href: "/providers" },
  { name: "How It Works", href: "/how-it-works" },
  { name: "Schedule Call", href: "/schedule" },
  { name: "Become a Vendor", href: "/for-vendors" },
  { name: "Join as Provider", href: "/provider-registration" },
  { name: "Admin", href: "/admin" },
];

// Each public page is opened once at 1280 px and once at 375 px, and everything asked of every page is
// checked on that one visit: an accessibility scan costs seconds, a visit per check and page minutes.
// A visitor's tab at each width serves the describe's tests, each visit a new document: a new tab costs
// Chromium about as much as the visit itself, and nothing here signs in or keeps state between visits.
describe("public pages", () => {
  type VisitorTab = { context: BrowserContext; page: Page; csp: () => string[]; errors: { take: () => string[] } };
  const tabs = new Map<number, VisitorTab>();
  beforeAll(async () => {
    for (const width of [1280, 375]) {
      const opened = await product.newPage({ width });
      // What the tab's CSP refused and its console's errors, watched from its first visit on.
      const csp = await watchCspViolations(opened.page);
      tabs.set(width, { ...opened, csp, errors: watchConsoleErrors(opened.page) });
    }
  });
  /** The visitor's tab at `width` for this test, and what its CSP refuses from now on. */
  const visitAt = (width: 1280 | 375) => {
    const tab = tabs.get(width);
    if (!tab) throw new Error(`no visitor tab at ${width} px`);
    ({ context, page } = tab);
    tab.errors.take();
    const before = tab.csp().length;
    return { cspViolations: () => tab.csp().slice(before), consoleErrors: tab.errors };
  };

  for (const p of PUBLIC_PAGES) {
    it(`${p.path}: its heading and the spec's texts, its own title and description, the header and footer, under the Content-Security-Policy, passing the accessibility scan`, async () => {
      const { cspViolations } = visitAt(1280);
      const res = await context.request.get(p.path);
      expect(res.headers()["content-security-policy"], p.path).toContain("script-src 'self'");
      const served = servedHead(await res.text());
      expect(served.title, p.path).toMatch(/ \| Automatch$/);
      expect(served.description.length, p.path).toBeGreaterThan(50);
      expect(served.title, p.path).toBe(`${served.ogTitle} | Automatch`);
      expect(served.ogDescription.replaceAll("&amp;", "&"), p.path).toBe(served.description.replaceAll("&amp;", "&"));

      await open(p.path);
      for (const text of p.texts) {
        expect(await page.getByText(text, { exact: true }).count(), `${p.path}: ${text}`).toBeGreaterThan(0);
      }

      // What the page sets once rendered.
      const rendered = await page.evaluate(() => ({
        title: document.title,
        description: document.querySelector('meta[name="description"]')?.getAttribute("content") ?? "",
        ogTitle: document.querySelector('meta[property="og:title"]')?.getAttribute("content") ?? "",
        ogDescription: document.querySelector('meta[property="og:description"]')?.getAttribute("content") ?? "",
      }));
      expect(rendered.title.replaceAll("&", "&amp;"), p.path).toBe(served.title);
      expect(rendered.description.replaceAll("&", "&amp;"), p.path).toBe(served.description);
      expect(rendered.ogTitle.replaceAll("&", "&amp;"), p.path).toBe(served.ogTitle);
      expect(rendered.ogDescription.replaceAll("&", "&amp;"), p.path).toBe(served.ogDescription);

      // The same header and footer links on every page.
      expect(await header().getByRole("link", { name: "Automatch", exact: true }).getAttribute("href"), p.path).toBe(
        "/",
      );
      expect(await mainNav().getByRole("link").allInnerTexts(), p.path).toEqual(NAV.map((n) => n.name));
      for (const link of FOOTER) {
        const found = footer().getByRole("link", { name: link.name, exact: true });
        expect(await found.getAttribute("href"), `${p.path} footer ${link.name}`).toBe(link.href);
      }
      expect(
        await footer()
          .getByText(/© \d{4} Automatch\. All rights reserved\./)
          .count(),
        p.path,
      ).toBe(1);

      expect(await accessibilityViolations(page), p.path).toEqual([]);
      expect(cspViolations(), p.path).toEqual([]);
    });
  }

  it("no two pages share a title or a description", async () => {
    visitAt(1280);
    // Each page's test above finds the rendered title and description equal to the served ones.
    const seen = await Promise.all(
      PUBLIC_PAGES.map(async (p) => servedHead(await (await context.request.get(p.path)).text())),
    );
    expect(new Set(seen.map((s) => s.title)).size).toBe(PUBLIC_PAGES.length);
    expect(new Set(seen.map((s) => s.description)).size).toBe(PUBLIC_PAGES.length);
  });

  it("the FAQ's accordion, which animates with inline styles, works under the Content-Security-Policy", async () => {
    const { cspViolations } = visitAt(1280);
    await open("/how-it-works");
    await page.locator("#faq").getByRole("button").first().click();
    await page
      .locator("#faq")
      .getByText(/within 48 hours/)
      .waitFor();
    expect(cspViolations()).toEqual([]);
  });

  for (const p of PUBLIC_PAGES) {
    it(`${p.path} fits a 375 px phone without sideways scrolling and passes the scan there`, async () => {
      const { cspViolations, consoleErrors } = visitAt(375);
      await open(p.path);
      const widths = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        viewport: window.innerWidth,
      }));
      expect(widths.scroll, `${p.path} is wider than the phone`).toBeLessThanOrEqual(widths.viewport);
      expect(await accessibilityViolations(page), `${p.path} at 375 px`).toEqual([]);
      expect(cspViolations(), `${p.path} at 375 px`).toEqual([]);
      // A visitor's page in normal use logs no error (issue 30): the session read answers "nobody" with 200.
      expect(consoleErrors.take(), `${p.path} at 375 px`).toEqual([]);
      await keepScreenshot(page, `public${p.path === "/" ? "-landing" : p.path.replaceAll("/", "-")}-375`);
    });
  }

  it("the header's links fold into a menu on a phone", async () => {
    visitAt(375);
    await open("/about");
    expect(await mainNav().isVisible()).toBe(false);
    await page.getByRole("button", { name: "Open menu" }).click();
    await mainNav().getByRole("link", { name: "How It Works" }).click();
    await page.getByRole("heading", { level: 1, name: "How It Works" }).waitFor();
  });
});

describe("header and footer", () => {
  freshPagePerTest();

  it("the nav links lead to their pages and highlight the current one", async () => {
    await open("/");
    for (const item of NAV) {
      await mainNav().getByRole("link", { name: item.name }).click();
      await page.waitForURL((url) => url.pathname === item.path);
      await page.getByRole("heading", { level: 1, name: item.heading }).waitFor();
      const current = await mainNav().locator('a[aria-current="page"]').allInnerTexts();
      expect(current, item.path).toEqual([item.name]);
    }
    // The brand leads home.
    await header().getByRole("link", { name: "Automatch", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await page.getByRole("heading", { level: 1, name: "Find Vetted Automation Providers in 48 Hours" }).waitFor();
    expect(await mainNav().locator('a[aria-current="page"]').count()).toBe(0);
  });

  it("Get Started leads to the landing; on the landing, Login and Get Started begin the session", async () => {
    await open("/terms");
    await header().getByRole("link", { name: "Get Started" }).click();
    await page.getByRole("heading", { level: 1, name: "Find Vetted Automation Providers in 48 Hours" }).waitFor();
    expect(await header().getByRole("link", { name: "Login" }).getAttribute("href")).toBe("/api/login");
    expect(await header().getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe("/api/login");
    await header().getByRole("link", { name: "Get Started" }).click();
    await page.waitForURL((url) => url.pathname === "/login");

    // The visitor's pages whose next step is signing in come back to themselves afterwards.
    await open("/quote-request");
    expect(await header().getByRole("link", { name: "Login" }).getAttribute("href")).toBe(
      "/api/login?returnTo=/quote-request",
    );
    await open("/provider-registration");
    expect(await header().getByRole("link", { name: "Get Started" }).getAttribute("href")).toBe(
      "/api/login?returnTo=%2Fprovider-registration",
    );
  });

  it("the footer links lead to their pages, the admin link to the administrator sign-in", async () => {
    // A page whose data comes after its heading grows when it comes, and moves the footer: the next
    // click waits for it, or it could land on what took the link's place (a provider's card, say).
    const settled = {
      schedule: () => page.getByText("Loading booking options...").waitFor({ state: "detached" }),
      directory: () => page.getByTestId("directory-count").waitFor(),
    };
    const cases: { name: string; heading: string; settled?: () => Promise<void> }[] = [
      { name: "Privacy Policy", heading: "Privacy Policy" },
      { name: "Terms of Service", heading: "Terms of Service" },
      { name: "About Us", heading: "About Automatch" },
      { name: "Schedule Call", heading: "Schedule Your Free Automation Strategy Session", settled: settled.schedule },
      { name: "Become a Vendor", heading: "Buy Ready-to-Close Automation Leads" },
      { name: "Join as Provider", heading: "Join Our Provider Network" },
      { name: "How It Works", heading: "How It Works" },
      { name: "Get Quotes", heading: "Find Vetted Automation Providers in 48 Hours" },
      { name: "Find Providers", heading: "Automation Provider Directory", settled: settled.directory },
      { name: "Admin", heading: "Administrator Access" },
    ];
    await open("/about");
    for (const c of cases) {
      await footer().getByRole("link", { name: c.name, exact: true }).click();
      await page.getByRole("heading", { level: 1, name: c.heading }).waitFor();
      await c.settled?.();
    }
    expect(await page.getByRole("link", { name: "Sign In as Administrator" }).getAttribute("href")).toBe(
      "/api/login?returnTo=%2Fadmin",
    );
  });

  it("the wordmark comes in sizes sm, md and lg, the footer's with the domain suffix", async () => {
    await open("/");
    expect(await header().locator('[data-size="md"]').innerText()).toBe("Automatch");
    expect(await footer().locator('[data-size="sm"]').innerText()).toBe("Automatch.io");
    await page.goto("/login");
    await page.locator('[data-size="lg"]').waitFor();
    expect(await page.locator('[data-size="lg"]').innerText()).toBe("Automatch");
  });
});

describe("page content", () => {
  freshPagePerTest();

  it("the FAQ has six questions and opens one at a time", async () => {
    await open("/how-it-works");
    const faq = page.locator("#faq");
    const triggers = faq.getByRole("button");
    expect(await triggers.count()).toBe(6);
    const expanded = async () =>
      (await triggers.evaluateAll((els) => els.map((el) => el.getAttribute("aria-expanded")))).map((v) => v === "true");
    expect(await expanded()).toEqual([false, false, false, false, false, false]);

    await triggers.nth(0).click();
    await expect.poll(expanded).toEqual([true, false, false, false, false, false]);
    expect(await faq.getByText(/within 48 hours/).isVisible()).toBe(true);

    await triggers.nth(2).click();
    await expect.poll(expanded).toEqual([false, false, true, false, false, false]);
    expect(await faq.getByText(/portfolio review, client reference checks and technical assessments/).isVisible()).toBe(
      true,
    );

    // Collapsible: the open one closes again.
    await triggers.nth(2).click();
    await expect.poll(expanded).toEqual([false, false, false, false, false, false]);
    expect(await triggers.allInnerTexts()).toEqual([
      "How long does it take to get matched with providers?",
      "What types of automation projects do you handle?",
      "How do you vet your automation providers?",
      "What if I'm not satisfied with my matches?",
      "How much does it cost to use the service?",
      "Can I work with multiple providers?",
    ]);
  });

  it("the hero buttons of How It Works lead to the landing and to Schedule", async () => {
    await open("/how-it-works");
    expect(await page.getByRole("link", { name: "Get Started Now" }).getAttribute("href")).toBe("/");
    await page.getByRole("link", { name: "Schedule a Call" }).click();
    await page.getByRole("heading", { level: 1, name: "Schedule Your Free Automation Strategy Session" }).waitFor();
  });

  it("the per-lead pricing cards: Basic $100 and Premium $500, Most Popular, with their features", async () => {
    await open("/for-vendors");
    const basic = page.locator("li").filter({ has: page.getByRole("heading", { name: "Basic", exact: true }) });
    const premium = page.locator("li").filter({ has: page.getByRole("heading", { name: "Premium", exact: true }) });
    expect(await basic.getByText("$100", { exact: true }).count()).toBe(1);
    expect(await premium.getByText("$500", { exact: true }).count()).toBe(1);
    expect(await basic.getByText("per lead", { exact: true }).count()).toBe(1);
    expect(await premium.getByText("per lead", { exact: true }).count()).toBe(1);
    expect(await premium.getByText("Most Popular").count()).toBe(1);
    expect(await basic.getByText("Most Popular").count()).toBe(0);
    expect(await page.getByRole("list", { name: "Basic features" }).getByRole("listitem").allInnerTexts()).toEqual([
      "Pre-qualified leads",
      "Basic lead information",
      "Email support",
      "Standard matching algorithm",
      "Monthly reporting",
      "30-day payment terms",
    ]);
    expect(await page.getByRole("list", { name: "Premium features" }).getByRole("listitem").allInnerTexts()).toEqual([
      "Exclusive leads",
      "Detailed project specifications",
      "Priority support",
      "Advanced matching preferences",
      "Real-time notifications",
      "Direct client introductions",
      "Success guarantee",
    ]);

    // Three testimonials, five stars each.
    const testimonials = page.locator("#testimonials li");
    expect(await testimonials.count()).toBe(3);
    expect(await page.locator("#testimonials").getByRole("img", { name: "5 out of 5 stars" }).count()).toBe(3);

    expect(await page.getByRole("link", { name: "Schedule a Demo" }).getAttribute("href")).toBe("/schedule");
    await keepScreenshot(page, "public-for-vendors");
  });

  it("buttons that scroll bring their anchor into view", async () => {
    const cases = [
      { path: "/", button: "Get Free Quotes", target: "lead-form" },
      { path: "/", button: "Submit Your Requirements", target: "lead-form" },
      { path: "/for-vendors", button: "Become a Vendor", target: "vendor-application" },
      { path: "/schedule", button: "Book Your Call Now", target: "book-a-call" },
      { path: "/schedule", button: "Pre-Qualify First", target: "pre-qualification" },
      { path: "/schedule", button: "Schedule My Free Session", target: "book-a-call" },
    ];
    for (const c of cases) {
      await open(c.path);
      expect(await scrolledTo(c.target), `${c.target} before`).toBe(false);
      await page.getByRole("button", { name: c.button }).click();
      await expect.poll(() => scrolledTo(c.target), { timeout: 5000 }).toBe(true);
    }
    // Both pricing cards' Get Started go to the application form.
    for (const index of [0, 1]) {
      await open("/for-vendors");
      await page.locator("#pricing").getByRole("button", { name: "Get Started" }).nth(index).click();
      await expect.poll(() => scrolledTo("vendor-application"), { timeout: 5000 }).toBe(true);
    }
  });

  it("the landing and pre-qualification forms offer their own budget ranges", async () => {
    const optionsOf = (label: string) =>
      page
        .getByLabel(label)
        .locator("option")
        .evaluateAll((els) => els.map((el) => (el as HTMLOptionElement).value).filter(Boolean));
    await open("/");
    expect(await optionsOf("Budget Estimate")).toEqual(["under-10k", "10k-50k", "50k-100k", "100k-500k", "over-500k"]);
    await open("/schedule");
    expect(await optionsOf("Budget Estimate")).toEqual([
      "under-25k",
      "25k-50k",
      "50k-100k",
      "100k-250k",
      "250k-500k",
      "over-500k",
    ]);
  });

  it("the booking area shows the configured contact details, or embeds BOOKING_URL when there is one", async () => {
    // The e2e server runs without BOOKING_URL and with the default contact details.
    await open("/schedule");
    const booking = page.locator("#book-a-call");
    await booking.getByRole("link", { name: "Contact Us" }).waitFor();
    expect(await booking.getByRole("link", { name: "Contact Us" }).getAttribute("href")).toMatch(
      /^mailto:hello@automatch\.io\?subject=/,
    );
    expect(await booking.getByRole("link", { name: "Call +1 (415) 555-0100" }).getAttribute("href")).toBe(
      "tel:+14155550100",
    );
    expect(await booking.getByRole("link", { name: "Email hello@automatch.io" }).getAttribute("href")).toBe(
      "mailto:hello@automatch.io",
    );
    expect(await booking.locator("iframe").count()).toBe(0);

    // With BOOKING_URL set the server serves it in /api/public-config (the API test proves that part);
    // here the browser gets such an answer, to show that the page embeds it.
    const real = await (await context.request.get("/api/public-config")).json();
    await page.route("**/api/public-config", (route) =>
      route.fulfill({ json: { ...real, bookingUrl: "https://booking.example.com/automatch/30min" } }),
    );
    await page.route("https://booking.example.com/**", (route) =>
      route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Booking</title><p>Pick a time</p>" }),
    );
    await open("/schedule");
    const frame = page.locator("#book-a-call iframe");
    await frame.waitFor();
    expect(await frame.getAttribute("src")).toBe("https://booking.example.com/automatch/30min");
    expect(await frame.getAttribute("title")).toBe("Book a call");
    expect(await page.locator("#book-a-call").getByRole("link", { name: "Contact Us" }).count()).toBe(0);
  });
});

describe("the landing lead form", () => {
  freshPagePerTest();

  it("fails with the error toast and keeps what was typed, then submits and shows the Thank You panel", async () => {
    const email = uniqueEmail("e2e-landing");
    await open("/");
    const form = page.getByRole("form", { name: "Get free quotes" });
    const inquiry = {
      name: "Ada Lovelace",
      email,
      company: "Analytical Engines Ltd",
      process: "We retype 300 invoices a week.",
      budget: "50k-100k",
    };
    await fillInquiry(form, inquiry);

    // The server fails (see the top of this file): a 500 from POST /api/leads. Then the real server.
    const button = "Get My Free Quotes";
    await failThenSend(
      form,
      {
        url: "**/api/leads",
        fail: (route) => route.fulfill({ status: 500, contentType: "text/plain", body: "Internal Server Error" }),
        button,
        error: "Failed to submit form. Please try again.",
        kept: async () => {
          await expectInquiryForm(form, inquiry);
          expect(await form.getByRole("button", { name: button }).isEnabled()).toBe(true);
          await keepScreenshot(page, "public-landing-form-failed");
        },
      },
      "Submitting...",
    );

    const thankYou = page.getByTestId("lead-thank-you");
    await thankYou.waitFor();
    expect(await thankYou.getByRole("heading", { name: "Thank You!" }).count()).toBe(1);
    expect(await page.getByRole("form", { name: "Get free quotes" }).count()).toBe(0);
    await expectToast(
      "Thank you for your interest! We'll connect you with qualified automation providers within 48 hours.",
      "default",
    );
    await keepScreenshot(page, "public-landing-thank-you");

    // Stored once, as a landing inquiry with what was typed.
    const stored = (await adminList("/api/admin/inquiries")).filter((i) => i.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      source: "landing",
      name: "Ada Lovelace",
      company: "Analytical Engines Ltd",
      budgetEstimate: "50k-100k",
      talkToConsultant: true,
    });
  });

  it("names missing fields without calling the server", async () => {
    await open("/");
    let posted = 0;
    page.on("request", (req) => {
      if (req.url().endsWith("/api/leads")) posted += 1;
    });
    const form = page.getByRole("form", { name: "Get free quotes" });
    await form.getByRole("button", { name: "Get My Free Quotes" }).click();
    await form.getByText("Name is required").waitFor();
    expect(await form.getByText("Company is required").count()).toBe(1);
    expect(await form.getByText("Please describe the process you want to automate").count()).toBe(1);
    expect(posted).toBe(0);
  });

  it("holds a submit made before the page is taken over, then validates it instead of reloading", async () => {
    // The landing's code waits until the button has been pressed on the prerendered HTML.
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const landingCode = "**/assets/landing-page-*.js";
    await page.route(landingCode, async (route) => {
      await released;
      await route.continue();
    });
    try {
      await page.goto("/", { waitUntil: "domcontentloaded" });
      const form = page.getByRole("form", { name: "Get free quotes" });
      await form.getByRole("button", { name: "Get My Free Quotes" }).click();
      release();
      await form.getByText("Name is required").waitFor();
      // The browser did not send the form itself (a GET to /?...).
      expect(new URL(page.url()).search).toBe("");
    } finally {
      await page.unroute(landingCode);
    }
  });
});

describe("the pre-qualification form on /schedule", () => {
  freshPagePerTest();

  it("fails with its error toast keeping the data, then submits and empties the form", async () => {
    const email = uniqueEmail("e2e-prequal");
    await open("/schedule");
    const form = page.getByRole("form", { name: "Pre-qualification" });
    const inquiry = {
      name: "Grace Hopper",
      email,
      company: "Compiler Works",
      process: "Monthly payroll reconciliation.",
      budget: "100k-250k",
    };
    await fillInquiry(form, inquiry);

    // The server fails (see the top of this file): 503 Service Unavailable. Then the real server.
    await failThenSend(
      form,
      {
        url: "**/api/leads",
        fail: (route) => route.fulfill({ status: 503, body: "" }),
        button: "Submit Pre-Qualification",
        error: "There was an error submitting your information. Please try again.",
        kept: () => expectInquiryForm(form, inquiry),
      },
      "Submitting...",
    );

    await expectToast("Pre-qualification Submitted! We'll use this information to prepare for your call.", "default");
    // Reset: every field empty, the checkbox cleared, ready for another.
    await expectInquiryForm(form, "empty");
    expect(await form.getByRole("button", { name: "Submit Pre-Qualification" }).isEnabled()).toBe(true);

    const stored = (await adminList("/api/admin/inquiries")).filter((i) => i.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      source: "pre-qualification",
      budgetEstimate: "100k-250k",
      talkToConsultant: true,
    });
  });
});

describe("the vendor application on /for-vendors", () => {
  freshPagePerTest();

  it("fails with its error toast keeping the data, then submits, is stored and empties the form", async () => {
    const email = uniqueEmail("e2e-vendor");
    await open("/for-vendors");
    const form = page.getByRole("form", { name: "Vendor application" });
    await form.getByLabel("Full Name").fill("Katherine Johnson");
    await form.getByLabel("Email Address").fill(email);
    await form.getByLabel("Company Name").fill("Orbit Automation");
    await form.getByLabel("RPA", { exact: true }).check();
    await form.getByLabel("System Integration", { exact: true }).check();
    await form.getByLabel("Tell us about your experience").fill("Forty RPA projects for insurers.");

    // The server cannot be reached (see the top of this file): the request fails as a network error.
    // Then the real server.
    await failThenSend(
      form,
      {
        url: "**/api/vendor-applications",
        fail: (route) => route.abort("connectionrefused"),
        button: "Apply Now",
        error: "There was an error submitting your application. Please try again.",
        kept: async () => {
          expect(await form.getByLabel("Company Name").inputValue()).toBe("Orbit Automation");
          expect(await form.getByLabel("RPA", { exact: true }).isChecked()).toBe(true);
        },
      },
      "Submitting Application...",
    );

    await expectToast(
      "Application Submitted! We'll review your application and get back to you within 24 hours.",
      "default",
    );
    for (const label of ["Full Name", "Email Address", "Company Name", "Tell us about your experience"]) {
      expect(await form.getByLabel(label).inputValue(), label).toBe("");
    }
    expect(await form.getByRole("checkbox", { checked: true }).count()).toBe(0);
    await keepScreenshot(page, "public-vendor-application-sent");

    const stored = (await adminList("/api/admin/vendor-applications")).filter((a) => a.email === email);
    expect(stored).toHaveLength(1);
    expect(stored[0]).toMatchObject({
      name: "Katherine Johnson",
      company: "Orbit Automation",
      specialties: ["RPA", "System Integration"],
    });
  });

  it("asks for at least one specialty before sending", async () => {
    await open("/for-vendors");
    const form = page.getByRole("form", { name: "Vendor application" });
    await form.getByLabel("Full Name").fill("No Specialty");
    await form.getByLabel("Email Address").fill(uniqueEmail("e2e-vendor-none"));
    await form.getByLabel("Company Name").fill("Generalists Inc");
    await form.getByRole("button", { name: "Apply Now" }).click();
    await form.getByText("Select at least one specialty").waitFor();
  });
});

describe("the admin's Inquiries tab", () => {
  freshPagePerTest();

  it("shows what the public forms stored, filtered by form, with vendor applications beside them", async () => {
    const visitor = await product.newContext();
    const landingEmail = uniqueEmail("e2e-inq-landing");
    const prequalEmail = uniqueEmail("e2e-inq-prequal");
    const vendorEmail = uniqueEmail("e2e-inq-vendor");
    const sent = [
      visitor.request.post("/api/leads", {
        data: {
          name: "Mary Somerville",
          email: landingEmail,
          company: "Orbits Ltd",
          processDescription: "Reconcile supplier invoices against purchase orders.",
          budgetEstimate: "10k-50k",
          talkToConsultant: true,
        },
      }),
      visitor.request.post("/api/leads", {
        data: {
          source: "pre-qualification",
          name: "Emmy Noether",
          email: prequalEmail,
          company: "Invariants GmbH",
          processDescription: "Route claims to the right adjuster.",
          budgetEstimate: "100k-250k",
        },
      }),
      visitor.request.post("/api/vendor-applications", {
        data: { name: "Alan Turing", email: vendorEmail, company: "Bombe Works", specialties: ["RPA"] },
      }),
    ];
    for (const res of await Promise.all(sent)) expect(res.status(), await res.text()).toBe(201);

    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto(`${product.baseURL}/admin/inquiries`);
    await page.getByRole("heading", { name: /^Inquiries \(\d+\)$/ }).waitFor();
    expect(await page.getByRole("tab", { name: "Inquiries", selected: true }).count()).toBe(1);

    const landing = page.getByRole("group").filter({ hasText: "Mary Somerville · Orbits Ltd" });
    await landing.getByText("Landing form").waitFor();
    await landing.locator("summary").click();
    await landing.getByText("Budget: $10,000 - $50,000 · Wants to talk to a consultant").waitFor();
    expect(await landing.getByRole("link", { name: landingEmail }).getAttribute("href")).toBe(`mailto:${landingEmail}`);

    await page.getByLabel("Form").selectOption("pre-qualification");
    await page.getByText("Emmy Noether · Invariants GmbH").waitFor();
    await expect.poll(() => page.getByText("Mary Somerville · Orbits Ltd").count()).toBe(0);

    const application = page.getByRole("group").filter({ hasText: "Alan Turing · Bombe Works" });
    await application.locator("summary").click();
    await application.getByText(`${vendorEmail} · RPA`).waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "admin-inquiries");
  });
});
