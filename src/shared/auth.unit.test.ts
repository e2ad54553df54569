import { describe, expect, it } from "vitest";
import { safeReturnTo, signUpSchema } from "./auth";
import { homeForUserType } from "./user-home";

describe("safeReturnTo", () => {
  it.each([
    ["/dashboard", "/dashboard"],
    ["/quote-request?x=1", "/quote-request?x=1"],
    ["/providers/acme-automation#reviews", "/providers/acme-automation#reviews"],
    ["/settings?tab=email&next=%2F%2Fevil.example", "/settings?tab=email&next=%2F%2Fevil.example"],
    ["/search?q=a b", "/search?q=a b"],
    ["/apiary", "/apiary"],
    ["/", "/"],
  ])("keeps the same-site path %j", (input, expected) => {
    expect(safeReturnTo(input)).toBe(expected);
  });

  it.each([
    ["https://evil.example/"],
    ["//evil.example"],
    ["/\\evil.example"],
    ["\\/evil.example"],
    ["/dashboard\\..\\..\\evil"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["/\r\n/evil.example"],
    ["\t//evil.example"],
    ["/\u0000/evil.example"],
    ["/\u007f/evil.example"],
    ["/\u0085/evil.example"],
    ["/dashboard\n"],
    ["/api/logout"],
    ["/api"],
    ["/./api/logout"],
    ["/x/../api/logout"],
    ["/%2e%2e/api/logout"],
    ["javascript:alert(1)"],
    ["dashboard"],
    [" /dashboard"],
    [""],
    [undefined],
    [null],
    [42],
  ])("falls back to / for %j", (input) => {
    expect(safeReturnTo(input)).toBe("/");
  });
});

describe("sign-up schema", () => {
  it("normalises the email and requires a long enough password", () => {
    const ok = signUpSchema.parse({
      firstName: " Ada ",
      lastName: "L",
      email: " ADA@Example.COM ",
      password: "12345678",
    });
    expect(ok.email).toBe("ada@example.com");
    expect(ok.firstName).toBe("Ada");
    const bad = signUpSchema.safeParse({ firstName: "A", lastName: "L", email: "a@example.com", password: "1234567" });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.message).toBe("Password must be at least 8 characters");
  });
});

describe("home for a user type (route guard redirects)", () => {
  it("sends each type to its home and others to the fallback", () => {
    expect(homeForUserType("client")).toBe("/dashboard");
    expect(homeForUserType("provider")).toBe("/provider-dashboard");
    expect(homeForUserType("admin")).toBe("/admin");
    expect(homeForUserType("other")).toBe("/");
    expect(homeForUserType(undefined, "/elsewhere")).toBe("/elsewhere");
  });
});
