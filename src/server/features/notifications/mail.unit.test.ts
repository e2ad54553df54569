import { describe, expect, it } from "vitest";
import { loadConfig } from "../../config";
import { createMailTransport, MAX_SEND_ATTEMPTS, retryDelaySeconds, unsendableReason } from "./mail";

describe("the sender's checks", () => {
  const ok = { toAddress: "ada@example.com", subject: "New lead: Invoice processing" };
  it("lets a plain address and subject through", () => {
    expect(unsendableReason(ok)).toBeNull();
  });
  it.each([
    ["a CRLF", "Hi\r\nBcc: x@example.com"],
    ["a bare LF", "Hi\nBcc: x@example.com"],
    ["a bare CR", "Hi\rBcc: x@example.com"],
    ["a NUL", "Hi\u0000there"],
    ["a tab", "Hi\tthere"],
  ])("refuses a subject with %s", (_name, subject) => {
    expect(unsendableReason({ ...ok, subject })).toMatch(/line break or control character/);
  });
  it.each([
    "ada@example.com\r\nBcc: x@example.com",
    "ada@example.com, eve@example.com",
    "Ada <ada@example.com>",
    "not-an-address",
  ])("refuses the recipient %j", (toAddress) => {
    expect(unsendableReason({ ...ok, toAddress })).toMatch(/not a valid email address/);
  });
  it("caps the subject at 200 characters and refuses an empty one", () => {
    expect(unsendableReason({ ...ok, subject: "x".repeat(200) })).toBeNull();
    expect(unsendableReason({ ...ok, subject: "x".repeat(201) })).toMatch(/longer than 200/);
    expect(unsendableReason({ ...ok, subject: "  " })).toMatch(/empty/);
  });
});

describe("the retry delay", () => {
  it("doubles from a minute and stays under an hour", () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(retryDelaySeconds)).toEqual([60, 120, 240, 480, 960, 1920, 3600]);
    expect(retryDelaySeconds(MAX_SEND_ATTEMPTS)).toBe(3600);
  });
});

describe("mail config", () => {
  it("sends through SMTP_URL when set; without it, to the local mailbox outside production", () => {
    expect(loadConfig({}).mail).toEqual({ delivery: "mailbox", smtpUrl: null, from: "no-reply@automatch.io" });
    expect(loadConfig({ NODE_ENV: "test" }).mail.delivery).toBe("mailbox");
    const smtp = { SMTP_URL: "smtps://u:p@mail.example.com:465", MAIL_FROM: "hi@example.com" };
    expect(loadConfig(smtp).mail).toEqual({
      delivery: "smtp",
      smtpUrl: "smtps://u:p@mail.example.com:465",
      from: "hi@example.com",
    });
    expect(loadConfig({ ...smtp, NODE_ENV: "production" }).mail.delivery).toBe("smtp");
  });
  it("refuses production without SMTP_URL, saying what to set, unless MAIL_DISABLED says email is off", () => {
    expect(() => loadConfig({ NODE_ENV: "production" })).toThrow(
      /SMTP_URL: is required in production \(NODE_ENV=production\).*or set MAIL_DISABLED=true/,
    );
    expect(loadConfig({ NODE_ENV: "production", MAIL_DISABLED: "true" }).mail).toEqual({
      delivery: "off",
      smtpUrl: null,
      from: "no-reply@automatch.io",
    });
    // Off wins over a URL, and outside production too.
    expect(loadConfig({ MAIL_DISABLED: "yes", SMTP_URL: "smtp://mail.example.com" }).mail.delivery).toBe("off");
    expect(
      loadConfig({ NODE_ENV: "production", MAIL_DISABLED: "false", SMTP_URL: "smtp://m.example.com" }).mail.delivery,
    ).toBe("smtp");
    expect(() => loadConfig({ MAIL_DISABLED: "maybe" })).toThrow(/MAIL_DISABLED/);
  });
  it("has a transport for SMTP and for the mailbox, none when email is off", () => {
    expect(createMailTransport(loadConfig({}).mail)).not.toBeNull();
    expect(createMailTransport(loadConfig({ SMTP_URL: "smtp://mail.example.com" }).mail)).not.toBeNull();
    expect(createMailTransport(loadConfig({ MAIL_DISABLED: "true" }).mail)).toBeNull();
  });
  it("names a bad SMTP_URL or MAIL_FROM", () => {
    expect(() => loadConfig({ SMTP_URL: "http://mail.example.com" })).toThrow(/SMTP_URL: must be an smtp/);
    expect(() => loadConfig({ MAIL_FROM: "A <a@example.com>\r\nBcc: x@example.com" })).toThrow(/MAIL_FROM/);
  });
});
