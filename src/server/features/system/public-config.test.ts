// GET /api/public-config: the allow-list of configuration the browser sees (the /schedule booking area,
// the legal pages' contact details, the billing form).
import { describe, expect, it } from "vitest";
import { sharedTestContext } from "../../test/shared-context";
import { createUser } from "../../test/test-app";

describe("GET /api/public-config with the defaults", () => {
  const ctx = sharedTestContext({}, { jobs: false });

  it("answers anyone with no booking page and the sample contact details, and nothing else", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      bookingUrl: null,
      contactEmail: "hello@automatch.io",
      contactPhone: "+1 (415) 555-0100",
      billing: { provider: "demo", stripePublishableKey: null },
      fileScanning: false,
    });
  });

  it("answers a signed-in user the same", async () => {
    const client = await createUser(ctx, "client");
    const anonymous = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    const signedIn = await ctx.app.inject({
      method: "GET",
      url: "/api/public-config",
      headers: { cookie: client.cookie },
    });
    expect(signedIn.json()).toEqual(anonymous.json());
  });
});

describe("GET /api/public-config with a booking page and contact details configured", () => {
  const ctx = sharedTestContext(
    {
      BOOKING_URL: "https://calendar.example.com/automatch/strategy-session",
      CONTACT_EMAIL: "sessions@example.com",
      CONTACT_PHONE: "+44 20 7946 0000",
      CLAMD_URL: "tcp://clamd.internal:3310",
    },
    { jobs: false },
  );

  it("serves them as configured", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/public-config" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      bookingUrl: "https://calendar.example.com/automatch/strategy-session",
      contactEmail: "sessions@example.com",
      contactPhone: "+44 20 7946 0000",
      fileScanning: true,
    });
  });
});
