import { describe, expect, it } from "vitest";
import { activeNavHref, buildBreadcrumbs, isNavItemActive, SIDEBAR_ITEMS, themeFor } from "./navigation";

describe("sidebar", () => {
  it("lists the spec's items per role, in order", () => {
    expect(SIDEBAR_ITEMS.client.map((i) => `${i.href} ${i.label}`)).toEqual([
      "/ Dashboard",
      "/dashboard My Requests",
      "/quote-request New Request",
      "/reports Reports",
      "/settings Settings",
    ]);
    expect(SIDEBAR_ITEMS.provider.map((i) => i.href)).toEqual([
      "/",
      "/provider-dashboard",
      "/my-quotes",
      "/subscription",
      "/analytics",
      "/settings",
    ]);
    expect(SIDEBAR_ITEMS.admin.map((i) => i.href)).toEqual([
      "/admin",
      "/admin/analytics",
      "/admin/users",
      "/admin/providers",
      "/admin/requests",
      "/admin/alerts",
      "/admin/activity",
      "/admin/settings",
    ]);
    expect(SIDEBAR_ITEMS.admin.find((i) => i.href === "/admin/activity")?.label).toBe("Activity Log");
  });

  it("highlights by exact or prefix match, but the root only exactly", () => {
    expect(isNavItemActive("/", "/")).toBe(true);
    expect(isNavItemActive("/", "/dashboard")).toBe(false);
    expect(isNavItemActive("/dashboard", "/dashboard")).toBe(true);
    expect(isNavItemActive("/quote-request", "/quote-request/12")).toBe(true);
    expect(isNavItemActive("/admin", "/admin/users")).toBe(true);
    expect(isNavItemActive("/admin/users", "/admin/users")).toBe(true);
    expect(isNavItemActive("/admin/users", "/admin")).toBe(false);
    expect(isNavItemActive("/dashboard", "/dashboard-old")).toBe(false);
  });
});

describe("the one highlighted item", () => {
  it("is the longest matching path, or the item that claims the page", () => {
    const admin = SIDEBAR_ITEMS.admin;
    expect(activeNavHref(admin, "/admin")).toBe("/admin");
    expect(activeNavHref(admin, "/admin/users")).toBe("/admin/users");
    expect(activeNavHref(admin, "/admin/users/")).toBe("/admin/users");
    expect(activeNavHref(admin, "/admin/inquiries")).toBe("/admin");
    const client = SIDEBAR_ITEMS.client;
    expect(activeNavHref(client, "/")).toBe("/");
    expect(activeNavHref(client, "/quote-request")).toBe("/quote-request");
    expect(activeNavHref(client, "/quote-request/7")).toBe("/dashboard");
    expect(activeNavHref(client, "/reports")).toBe("/reports");
    expect(activeNavHref(client, "/elsewhere")).toBeNull();
    expect(activeNavHref(SIDEBAR_ITEMS.provider, "/provider-dashboard/leads/3")).toBe("/provider-dashboard");
  });
});

describe("breadcrumbs", () => {
  it("starts with Home, capitalises segments, turns hyphens into spaces, and leaves the last unlinked", () => {
    expect(buildBreadcrumbs("/provider-dashboard")).toEqual([
      { label: "Home", href: "/" },
      { label: "Provider dashboard", href: null },
    ]);
    expect(buildBreadcrumbs("/admin/activity")).toEqual([
      { label: "Home", href: "/" },
      { label: "Admin", href: "/admin" },
      { label: "Activity", href: null },
    ]);
    expect(buildBreadcrumbs("/")).toEqual([{ label: "Home", href: null }]);
  });

  it("decodes escaped segments, and keeps a malformed one as typed instead of throwing", () => {
    expect(buildBreadcrumbs("/admin/%zz").at(-1)).toEqual({ label: "%zz", href: null });
    expect(buildBreadcrumbs("/quote-request/%").at(-1)).toEqual({ label: "%", href: null });
    expect(buildBreadcrumbs("/my%20quotes").at(-1)).toEqual({ label: "My quotes", href: null });
  });
});

describe("theme", () => {
  it("is blue for clients, green for providers, purple for admins, grey otherwise", () => {
    expect(themeFor("client").accent).toContain("blue");
    expect(themeFor("provider").accent).toContain("green");
    expect(themeFor("admin").accent).toContain("purple");
    expect(themeFor(undefined).accent).toContain("slate");
  });
});
