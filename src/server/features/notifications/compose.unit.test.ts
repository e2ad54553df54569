import { describe, expect, it } from "vitest";
import { escapeHtml } from "../../http/escape-html";
import { composeEmail, composeNotification, type NotificationContent, pageUrl } from "./compose";
import { unsendableReason } from "./mail";
import { SUBJECT_MAX } from "./subject";

const ada = { email: "ada@example.com", firstName: "Ada" };

describe("composeEmail", () => {
  it("writes the greeting, the paragraphs, the action and the sign-off in both parts", () => {
    const email = composeEmail("https://automatch.example", {
      to: ada,
      subject: "Your quote was declined",
      paragraphs: ["The client declined your quote.", "You can quote on other leads."],
      action: { label: "Open the lead", path: "/provider-dashboard/leads/7" },
    });
    expect(email).toEqual({
      to: "ada@example.com",
      subject: "Your quote was declined",
      text:
        "Hello Ada,\n\nThe client declined your quote.\n\nYou can quote on other leads.\n\n" +
        "Open the lead: https://automatch.example/provider-dashboard/leads/7\n\nThe Automatch team",
      html:
        "<p>Hello Ada,</p><p>The client declined your quote.</p><p>You can quote on other leads.</p>" +
        '<p><a href="https://automatch.example/provider-dashboard/leads/7">Open the lead</a></p>' +
        "<p>The Automatch team</p>",
    });
  });

  it("leaves the action out when there is none", () => {
    const email = composeEmail("https://automatch.example", { to: ada, subject: "Hi", paragraphs: ["Body."] });
    expect(email.text).toBe("Hello Ada,\n\nBody.\n\nThe Automatch team");
    expect(email.html).toBe("<p>Hello Ada,</p><p>Body.</p><p>The Automatch team</p>");
  });

  it("escapes user text in the HTML part only, and sets strong pieces in bold there", () => {
    const email = composeEmail("https://automatch.example", {
      to: { email: "x@example.com", firstName: `<Bob & "Al">` },
      subject: "s",
      paragraphs: [[{ strong: "Acme <script>" }, " was not approved. Reason: it's <b>missing</b> & more."]],
      action: { label: `See "why" <now>`, path: "/provider-registration" },
    });
    expect(email.html).toContain("<p>Hello &lt;Bob &amp; &quot;Al&quot;&gt;,</p>");
    expect(email.html).toContain(
      "<p><strong>Acme &lt;script&gt;</strong> was not approved. Reason: it&#39;s &lt;b&gt;missing&lt;/b&gt; &amp; more.</p>",
    );
    expect(email.html).toContain("See &quot;why&quot; &lt;now&gt;</a>");
    expect(email.html).not.toMatch(/<script>|<b>/);
    expect(email.text).toContain(`Hello <Bob & "Al">,`);
    expect(email.text).toContain("Acme <script> was not approved. Reason: it's <b>missing</b> & more.");
  });

  it.each([
    ["without a trailing slash", "https://automatch.example"],
    ["with a trailing slash", "https://automatch.example/"],
    ["with several trailing slashes", "https://automatch.example//"],
  ])("links PUBLIC_URL %s to the page with one slash between", (_name, appUrl) => {
    const email = composeEmail(appUrl, {
      to: ada,
      subject: "s",
      paragraphs: [],
      action: { label: "Your subscription", path: "/subscription" },
    });
    expect(email.text).toContain("Your subscription: https://automatch.example/subscription\n");
    expect(email.html).toContain('<a href="https://automatch.example/subscription">');
  });

  it("keeps a base path of PUBLIC_URL and escapes the address in the HTML part", () => {
    expect(pageUrl("https://example.com/app/", "/quote-request/3")).toBe("https://example.com/app/quote-request/3");
    expect(pageUrl("https://example.com/app", "quote-request/3")).toBe("https://example.com/app/quote-request/3");
    const email = composeEmail("https://example.com/a&b", {
      to: ada,
      subject: "s",
      paragraphs: [],
      action: { label: "Open", path: "/x" },
    });
    expect(email.html).toContain('<a href="https://example.com/a&amp;b/x">');
  });

  it("makes the subject one line cut to the limit, which the sender accepts", () => {
    const email = composeEmail("https://automatch.example", {
      to: ada,
      subject: `New lead:\r\nBcc: victim@example.com ${"x".repeat(300)}`,
      paragraphs: [],
    });
    expect(email.subject).toHaveLength(SUBJECT_MAX);
    expect(email.subject).toMatch(/^New lead: Bcc: victim@example\.com x+…$/);
    expect(unsendableReason({ toAddress: email.to, subject: email.subject })).toBeNull();
  });
});

describe("composeNotification", () => {
  const canceled: NotificationContent = {
    to: { id: 5, ...ada },
    kind: "subscription.canceled",
    title: "Your subscription is canceled",
    body: "You no longer receive new leads.",
    link: "/subscription",
    email: { subject: "Your subscription is canceled | Automatch", action: "Your subscription" },
  };

  it("links the notification and the email's action to the same page, the body being the paragraph", () => {
    const message = composeNotification("https://automatch.example/", canceled);
    expect(message).toEqual({
      userId: 5,
      kind: "subscription.canceled",
      title: "Your subscription is canceled",
      body: "You no longer receive new leads.",
      link: "/subscription",
      email: {
        to: "ada@example.com",
        subject: "Your subscription is canceled | Automatch",
        text:
          "Hello Ada,\n\nYou no longer receive new leads.\n\n" +
          "Your subscription: https://automatch.example/subscription\n\nThe Automatch team",
        html:
          "<p>Hello Ada,</p><p>You no longer receive new leads.</p>" +
          '<p><a href="https://automatch.example/subscription">Your subscription</a></p><p>The Automatch team</p>',
      },
    });
  });

  it("writes the email's own paragraphs when it has them", () => {
    const message = composeNotification("https://automatch.example", {
      ...canceled,
      kind: "provider.approved",
      body: "Acme has been approved.",
      email: { subject: "s", action: "Go", paragraphs: [[{ strong: "Acme" }, " has been approved."]] },
    });
    expect(message.body).toBe("Acme has been approved.");
    expect(message.email?.text).toContain("\n\nAcme has been approved.\n\n");
    expect(message.email?.html).toContain("<p><strong>Acme</strong> has been approved.</p>");
  });
});

describe("escapeHtml", () => {
  it("escapes the five characters that matter in text and attributes", () => {
    expect(escapeHtml(`<a href="x">Tom & Jerry's</a>`)).toBe(
      "&lt;a href=&quot;x&quot;&gt;Tom &amp; Jerry&#39;s&lt;/a&gt;",
    );
  });
});
