import type { BrowserContext, Page } from "playwright-core";
import { beforeEach, describe, expect, it } from "vitest";
import { accessibilityViolations } from "./support/axe";
import {
  apiSignIn,
  apiSignUp,
  DEMO,
  keepScreenshot,
  signUpThroughForm,
  startProduct,
  uniqueEmail,
} from "./support/fixture";

// The sign-up's confirmation link arrives by email: this file reads it from a local SMTP server.
const product = startProduct({ mail: true });
let context: BrowserContext;
let page: Page;

beforeEach(async () => {
  ({ context, page } = await product.newPage());
});

/** The sidebar's items by their labels (an item may also carry an unread count). */
const sidebarLinks = async () =>
  page.getByRole("navigation", { name: "Main" }).getByRole("link").getByTestId("nav-label").allInnerTexts();

describe("accounts", () => {
  it("a visitor signs up from the login link, lands on the welcome dashboard as a client, and logs out", async () => {
    await page.goto("/api/login?returnTo=%2Fauth-test");
    await expect.poll(() => page.url()).toContain("/login?returnTo=%2Fauth-test");
    const email = uniqueEmail("e2e-signup");
    await signUpThroughForm(page, { firstName: "Grace", lastName: "Hopper", email, password: "cobol-forever-1959" });
    // The same answer whoever asks (decision 115); the emailed link confirms the address and signs in.
    await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
    expect(await page.getByRole("status").innerText()).toContain(`We have sent a link to ${email}.`);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "signup-check-inbox");
    await page.goto(await product.linkIn(email, "Confirm your email", "/verify-email#"));

    // Back where the visitor wanted to go.
    await page.waitForURL("**/auth-test");
    await expect.poll(() => page.getByTestId("auth-status").innerText()).toBe("Authenticated");
    expect(await page.getByText(email).count()).toBe(1);

    await page.goto("/");
    await page.getByRole("heading", { name: "Welcome back, Grace!" }).waitFor();
    expect(await page.getByTestId("user-type-badge").innerText()).toBe("CLIENT");
    expect(await page.getByTestId("sidebar-user-name").innerText()).toBe("Grace Hopper");
    expect(await sidebarLinks()).toEqual(["Dashboard", "My Requests", "New Request", "Reports", "Settings"]);
    expect(await page.getByRole("link", { name: "Dashboard", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("link", { name: "View My Requests" }).getAttribute("href")).toBe("/dashboard");
    expect(await page.getByRole("link", { name: "Create New Request" }).getAttribute("href")).toBe("/quote-request");
    expect(await page.getByTestId("admin-alerts-button").count()).toBe(0);
    await keepScreenshot(page, "welcome-client");

    await page.getByRole("link", { name: "Logout" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    const me = await context.request.get("/api/auth/user");
    expect(me.status()).toBe(401);
  });

  it("a wrong password says only 'Login failed. Please try again.'", async () => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.client);
    await page.getByLabel("Password").fill("not-the-password");
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByRole("alert").waitFor();
    expect(await page.getByRole("alert").innerText()).toBe("Login failed. Please try again.");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("the sign-in form signs a provider in and shows the provider's sidebar", async () => {
    await page.goto("/login");
    await page.getByLabel("Email").fill(DEMO.provider);
    await page.getByLabel("Password").fill(DEMO.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await page.getByTestId("user-type-badge").waitFor();
    expect(await page.getByTestId("user-type-badge").innerText()).toBe("PROVIDER");
    expect(await sidebarLinks()).toEqual([
      "Dashboard",
      "Available Leads",
      "My Quotes",
      "Subscription",
      "Analytics",
      "Settings",
    ]);
    // The demo provider has a client's questions unread: "Available Leads" says how many.
    const leadsItem = page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: /^Available Leads/ });
    await expect.poll(() => leadsItem.getByTestId("nav-unread-count").count()).toBe(1);
    expect(await page.locator("[data-theme]").first().getAttribute("data-theme")).toBe("provider");
  });
});

describe("route guard", () => {
  it("sends a visitor from a signed-in page to /", async () => {
    await page.goto("/dashboard");
    await page.waitForURL((url) => url.pathname === "/");
    expect(await page.getByTestId("user-type-badge").count()).toBe(0);
  });

  it("sends a wrong role to its own home", async () => {
    await apiSignIn(context, DEMO.provider, DEMO.password);
    await page.goto("/dashboard");
    await page.waitForURL("**/provider-dashboard");
    await page.goto("/admin/users");
    await page.waitForURL("**/provider-dashboard");

    await context.clearCookies();
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.goto("/provider-dashboard");
    await page.waitForURL("**/dashboard");
    expect(new URL(page.url()).pathname).toBe("/dashboard");
  });

  it("shows the admin the admin sidebar, the extra button and breadcrumbs", async () => {
    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto("/admin/users");
    await page.getByTestId("user-type-badge").waitFor();
    expect(await page.getByTestId("user-type-badge").innerText()).toBe("ADMIN");
    expect(await sidebarLinks()).toEqual([
      "Overview",
      "Analytics",
      "Users",
      "Providers",
      "Requests",
      "Alerts",
      "Activity Log",
      "Settings",
    ]);
    // The admin-only button says how many alerts wait (the demo's requests raise some) and opens them.
    // The label claims a number once the count has arrived.
    const alertsButton = page.getByRole("link", { name: /^Alerts: (\d+|none) unresolved$/ });
    await alertsButton.waitFor();
    expect(await alertsButton.count()).toBe(1);
    expect(await alertsButton.getAttribute("href")).toBe("/admin/alerts");
    // Exactly one sidebar item is current: Users, not Overview too.
    expect(await page.getByRole("navigation", { name: "Main" }).locator("[aria-current=page]").allInnerTexts()).toEqual(
      ["Users"],
    );
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    expect(await crumbs.getByRole("listitem").allInnerTexts()).toEqual(["Home", "/\nAdmin", "/\nUsers"]);
    expect(await crumbs.getByRole("link").allInnerTexts()).toEqual(["Home", "Admin"]);
    expect(await page.locator("[data-theme]").first().getAttribute("data-theme")).toBe("admin");
    await keepScreenshot(page, "admin-users");
  });

  it("offers a visitor at /admin the administrator sign-in", async () => {
    await page.goto("/admin");
    await page.getByRole("heading", { name: "Administrator Access" }).waitFor();
    await page.getByRole("link", { name: "Sign In as Administrator" }).click();
    await page.waitForURL("**/login?returnTo=%2Fadmin");
  });
});

describe("pages", () => {
  it("shows 'Page Not Found' for any other path", async () => {
    await page.goto("/no/such/page");
    await page.getByRole("heading", { name: "Page Not Found" }).waitFor();
  });

  it("keeps the shell when the app moves to an address with a malformed escape", async () => {
    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto("/admin");
    await page.getByRole("tablist", { name: "Admin sections" }).waitFor();
    // The server refuses such an address outright (400); inside the app it can still be reached.
    await page.evaluate(() => {
      window.history.pushState(null, "", "/admin/%zz");
      window.dispatchEvent(new PopStateEvent("popstate"));
    });
    await page.waitForURL("**/admin/%zz");
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    // The router draws the new address in a transition, a moment after the URL changes.
    await expect.poll(async () => crumbs.getByRole("listitem").last().innerText()).toContain("%zz");
  });

  it("shows a way on, not a blank window, when a page's code cannot load", async () => {
    await apiSignIn(context, DEMO.client, DEMO.password);
    await page.route("**/assets/settings-page-*.js", (route) => route.abort("connectionrefused"));
    await page.goto("/settings");
    await page.getByRole("heading", { name: "Something went wrong" }).waitFor();
    expect(await page.getByRole("link", { name: "Go to the home page" }).getAttribute("href")).toBe("/");
    // Another address tries again.
    await page.unroute("**/assets/settings-page-*.js");
    await page.goto("/dashboard");
    await page.getByTestId("user-type-badge").waitFor();
  });

  it("/auth-test shows a visitor as not authenticated", async () => {
    await page.goto("/auth-test");
    await expect.poll(() => page.getByTestId("auth-status").innerText()).toBe("Not authenticated");
  });
});

describe("settings", () => {
  it("a user renames themself and the sidebar shows the new name", async () => {
    const email = uniqueEmail("e2e-settings");
    await apiSignUp(context, { firstName: "Old", lastName: "Name", email, password: "settings-pass-123" });
    await page.goto("/settings");
    await page.getByLabel("First name").fill("New");
    await page.getByRole("button", { name: "Save Profile" }).click();
    await expect.poll(() => page.getByTestId("sidebar-user-name").innerText()).toBe("New Name");
    expect(await page.getByTestId("toast").innerText()).toContain("Profile Updated");
    await keepScreenshot(page, "settings");
  });

  it("an admin reaches the account settings from the sidebar's Settings", async () => {
    await apiSignIn(context, DEMO.admin, DEMO.password);
    await page.goto("/admin");
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Settings" }).click();
    await page.waitForURL("**/admin/settings");
    await page.getByRole("heading", { name: "Profile" }).waitFor();
    expect(await page.getByLabel("First name").inputValue()).not.toBe("");
    await page.getByRole("heading", { name: "Password" }).waitFor();
    await page.getByRole("heading", { name: "Notifications", exact: true }).waitFor();
    expect(await page.getByRole("tablist", { name: "Admin sections" }).count()).toBe(0);
  });
});
