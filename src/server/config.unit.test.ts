import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";

describe("config", () => {
  it("defaults to the embedded database in ./data on port 5000 with demo data", () => {
    const c = loadConfig({});
    expect(c.port).toBe(5000);
    expect(c.database.kind).toBe("pglite");
    expect(c.demoData).toBe(true);
    expect(c.passwordScryptN).toBe(131072);
  });

  it("never loads demo data into a DATABASE_URL database", () => {
    const c = loadConfig({ DATABASE_URL: "postgres://u@localhost/db", DEMO_DATA: "true" });
    expect(c.database).toEqual({ kind: "postgres", url: "postgres://u@localhost/db" });
    expect(c.demoData).toBe(false);
  });

  it("names every bad variable", () => {
    try {
      loadConfig({ PORT: "not-a-port", DATABASE_URL: "mysql://x", PASSWORD_SCRYPT_N: "1000" });
      expect.unreachable("loadConfig accepted bad values");
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const message = (err as Error).message;
      expect(message).toContain("PORT");
      expect(message).toContain("DATABASE_URL");
      expect(message).toContain("PASSWORD_SCRYPT_N");
    }
  });
});

describe("booking page config", () => {
  it("takes an http(s) scheduling page and refuses other schemes", () => {
    expect(loadConfig({ BOOKING_URL: "https://cal.example.com/team/intro" }).bookingUrl).toBe(
      "https://cal.example.com/team/intro",
    );
    expect(loadConfig({}).bookingUrl).toBeNull();
    for (const bad of ["javascript:alert(1)", "data:text/html,hi", "not a url"]) {
      expect(() => loadConfig({ BOOKING_URL: bad }), bad).toThrow(/BOOKING_URL/);
    }
  });
});

describe("billing config", () => {
  const keys = {
    STRIPE_SECRET_KEY: "sk_test_123",
    STRIPE_PUBLISHABLE_KEY: "pk_test_123",
    STRIPE_WEBHOOK_SECRET: "whsec_123",
  };

  it("runs the demo provider when no Stripe key is set", () => {
    expect(loadConfig({}).billing).toEqual({ provider: "demo" });
  });

  it("runs Stripe when all three keys are set", () => {
    const c = loadConfig({
      ...keys,
      STRIPE_API_HOST: "127.0.0.1",
      STRIPE_API_PORT: "12111",
      STRIPE_API_PROTOCOL: "http",
    });
    expect(c.billing).toEqual({
      provider: "stripe",
      stripe: {
        secretKey: "sk_test_123",
        publishableKey: "pk_test_123",
        webhookSecret: "whsec_123",
        priceId: null,
        api: { host: "127.0.0.1", port: 12111, protocol: "http" },
      },
    });
  });

  it.each(Object.keys(keys))("names %s when it is the one missing", (missing) => {
    const env: Record<string, string> = { ...keys };
    delete env[missing];
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(new RegExp(`${missing}: is required`));
  });

  it("refuses keys swapped between the variables", () => {
    expect(() => loadConfig({ ...keys, STRIPE_SECRET_KEY: "pk_test_123" })).toThrow(/STRIPE_SECRET_KEY/);
  });
});

describe("trusted proxies config", () => {
  it("trusts no proxy when unset, empty or false", () => {
    for (const value of [undefined, "", "false", "0", "no"]) {
      const env = value === undefined ? {} : { TRUST_PROXY: value };
      expect(loadConfig(env).trustProxy, String(value)).toBe(false);
    }
  });

  it("takes a number of proxy hops", () => {
    expect(loadConfig({ TRUST_PROXY: "1" }).trustProxy).toEqual({ hops: 1 });
    expect(loadConfig({ TRUST_PROXY: "2" }).trustProxy).toEqual({ hops: 2 });
  });

  it("takes the proxies' addresses and networks", () => {
    expect(loadConfig({ TRUST_PROXY: "10.0.0.1, 192.168.0.0/16,::1,fd00::/8,loopback" }).trustProxy).toEqual({
      addresses: ["10.0.0.1", "192.168.0.0/16", "::1", "fd00::/8", "loopback"],
    });
  });

  it("refuses true, which would believe any client's X-Forwarded-For, and says what to give instead", () => {
    for (const value of ["true", "yes", "TRUE"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(
        /TRUST_PROXY: .*number of proxies in front \(e\.g\. 1\) or their addresses/,
      );
    }
  });

  it("names what is not an address", () => {
    for (const value of ["10.0.0.300", "10.0.0.0/33", "proxy.example.com", "10.0.0.1,", "-1", "11"]) {
      expect(() => loadConfig({ TRUST_PROXY: value }), value).toThrow(/TRUST_PROXY/);
    }
    expect(() => loadConfig({ TRUST_PROXY: "10.0.0.1, nope" })).toThrow(/not an address: nope/);
  });
});

describe("database limits config", () => {
  it("defaults to 10 connections, 5 s to get one and 10 s per statement", () => {
    expect(loadConfig({}).databaseLimits).toEqual({ poolMax: 10, acquireTimeoutMs: 5000, statementTimeoutMs: 10_000 });
  });

  it("takes other values, 0 turning the statement timeout off, and names a bad one", () => {
    expect(
      loadConfig({ DATABASE_POOL_MAX: "3", DATABASE_ACQUIRE_TIMEOUT_MS: "250", DATABASE_STATEMENT_TIMEOUT_MS: "0" })
        .databaseLimits,
    ).toEqual({ poolMax: 3, acquireTimeoutMs: 250, statementTimeoutMs: 0 });
    expect(() => loadConfig({ DATABASE_POOL_MAX: "0" })).toThrow(/DATABASE_POOL_MAX/);
    expect(() => loadConfig({ DATABASE_ACQUIRE_TIMEOUT_MS: "soon" })).toThrow(/DATABASE_ACQUIRE_TIMEOUT_MS/);
  });
});

describe("background job config", () => {
  it("defaults to production's timings: 4 matches at once on PostgreSQL, 1 on PGlite, a lost match retried after 60 s", () => {
    // Production's timings, one row a setting: [setting, seconds (or null: no test hold)].
    const timings = Object.fromEntries([
      ["pollSeconds", 2],
      ["matchExpireSeconds", 60],
      ["maintenanceSeconds", 30],
      ["retryDelaySeconds", 30],
      ["cronCheckSeconds", 30],
      ["testHoldMatchTitle", null],
    ]);
    expect(loadConfig({ DATABASE_URL: "postgres://db/app" }).jobs).toEqual({ concurrency: 4, ...timings });
    expect(loadConfig({}).jobs).toEqual({ concurrency: 1, ...timings });
  });

  it("takes shorter timings for tests and names a value pg-boss would refuse", () => {
    expect(
      loadConfig({
        JOB_CONCURRENCY: "2",
        JOB_POLL_SECONDS: "0.5",
        JOB_MATCH_EXPIRE_SECONDS: "5",
        JOB_MAINTENANCE_SECONDS: "1",
        JOB_RETRY_DELAY_SECONDS: "1",
        JOB_CRON_CHECK_SECONDS: "1",
      }).jobs,
    ).toMatchObject({
      concurrency: 2,
      pollSeconds: 0.5,
      matchExpireSeconds: 5,
      maintenanceSeconds: 1,
      retryDelaySeconds: 1,
      cronCheckSeconds: 1,
    });
    expect(() => loadConfig({ JOB_POLL_SECONDS: "0.1" })).toThrow(/JOB_POLL_SECONDS/);
    expect(() => loadConfig({ JOB_CRON_CHECK_SECONDS: "60" })).toThrow(/JOB_CRON_CHECK_SECONDS/);
  });

  it("takes the test-only hold of a match job under NODE_ENV=test alone", () => {
    expect(loadConfig({ NODE_ENV: "test", TEST_HOLD_MATCH_TITLE: "Held" }).jobs.testHoldMatchTitle).toBe("Held");
    expect(() => loadConfig({ NODE_ENV: "production", TEST_HOLD_MATCH_TITLE: "Held" })).toThrow(
      /TEST_HOLD_MATCH_TITLE: is for the tests only/,
    );
    expect(() => loadConfig({ TEST_HOLD_MATCH_TITLE: "Held" })).toThrow(/TEST_HOLD_MATCH_TITLE/);
  });
});
