// Conversations (issue 16): the provider asks the client a question on the lead's page; the client,
// whose request page is already open, sees it arrive without a reload and answers beside the provider's
// card; the provider's unread counts (the sidebar, the lead's row) go up live, and down once read.
// A message's links are links that carry no endorsement; its markup is text.
import type { Locator } from "playwright-core";
import { describe, expect, it } from "vitest";
import { MESSAGE_PAGE_SIZE } from "@/shared/conversations";
import { newPerson } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { LIVE, startProduct } from "./support/fixture";
import { requestContact, requestWithDemoLead } from "./support/requests";

const product = startProduct({ mail: true });

/** A new client (signed in) with a request, and the demo provider (signed in) with its lead on it. */
async function requestWithLead() {
  const client = await product.newPage();
  const provider = await product.newPage();
  const made = await requestWithDemoLead(
    product,
    { client: client.context, provider: provider.context },
    newPerson("Cass", "Client", "e2e-conv-client"),
    `Vendor bill intake ${Date.now()}`,
    requestContact("Cass", "Client", "Cass Freight LLC", "Reno, NV"),
  );
  return { client, provider, ...made };
}

/** The sidebar's count on a link of the main menu: 0 when it shows none. */
async function navCount(nav: Locator, label: string): Promise<number> {
  const badge = nav.getByRole("link", { name: new RegExp(`^${label}`) }).getByTestId("nav-unread-count");
  return (await badge.count()) === 0 ? 0 : Number(await badge.locator("[aria-hidden=true]").innerText());
}

describe("conversations", () => {
  it("a provider's question reaches the client's open page live, and the client's answer the provider's", async () => {
    const { client, requestId, provider, leadId, company } = await requestWithLead();
    const providerUnreadBefore: number = (
      await (await provider.context.request.get("/api/conversations/unread")).json()
    ).total;

    // The client's page is open, the provider's thread unfolded, before anything is written.
    await client.page.goto(`/quote-request/${requestId}`);
    const card = client.page.getByRole("article", { name: company, exact: true });
    await card.getByRole("button", { name: `Message ${company}` }).click();
    const clientLog = card.getByRole("log", { name: `Messages with ${company}` });
    await clientLog.getByText(`Ask ${company} anything about their approach, price or timeline.`).waitFor();

    // The provider asks on the lead's page; Enter sends.
    await provider.page.goto(`/provider-dashboard/leads/${leadId}`);
    const thread = provider.page.getByTestId("lead-conversation");
    await thread.getByRole("heading", { name: "Conversation with Cass C." }).waitFor();
    await thread
      .getByText("Ask the client a question before you quote: what systems they use, volumes, deadlines.")
      .waitFor();
    const question =
      "Which QuickBooks edition do you run? Our checklist: https://example.com/checklist?x=1 <script>window.hacked=1</script>";
    const box = thread.getByLabel("Message Cass C.");
    await box.fill(question);
    await box.press("Enter");
    const providerLog = thread.getByRole("log", { name: "Messages with Cass C." });
    await providerLog.getByTestId("message").filter({ hasText: "Which QuickBooks edition" }).waitFor();
    expect(await box.inputValue()).toBe("");

    // The client sees it without reloading: the link is a link, the markup is text.
    const received = clientLog.getByTestId("message").filter({ hasText: "Which QuickBooks edition" });
    await received.waitFor(LIVE);
    expect(await received.getAttribute("data-mine")).toBe("false");
    expect(await received.innerText()).toContain("<script>window.hacked=1</script>");
    expect(await clientLog.locator("script").count()).toBe(0);
    expect(await client.page.evaluate(() => (window as unknown as { hacked?: number }).hacked)).toBeUndefined();
    const link = received.getByRole("link", { name: "https://example.com/checklist?x=1" });
    expect(await link.getAttribute("href")).toBe("https://example.com/checklist?x=1");
    expect(await link.getAttribute("target")).toBe("_blank");
    expect((await link.getAttribute("rel"))?.split(" ").sort()).toEqual(["nofollow", "noopener", "noreferrer", "ugc"]);
    expect(await accessibilityViolations(client.page)).toEqual([]);
    // The other side's message can be reported (features/reports' dialog); the client's own cannot.
    await received.getByRole("button", { name: `Report this message from ${company}` }).click();
    const dialog = client.page.getByRole("dialog", { name: "Report this message" });
    await dialog.waitFor();
    await client.page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });

    // The provider waits on the list of leads: the client's answer counts there, live.
    const nav = provider.page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: /^Available Leads/ }).click();
    const row = provider.page.getByTestId("lead-row").filter({ hasText: `Lead #${leadId}` });
    await row.waitFor();
    expect(await row.getByTestId("row-unread").count()).toBe(0);
    expect(await navCount(nav, "Available Leads")).toBe(providerUnreadBefore);

    const answer = "QuickBooks Online Advanced.\nAbout 25 bills a day.";
    const answerBox = card.getByLabel(`Message ${company}`);
    await answerBox.fill(answer);
    await card.getByRole("button", { name: `Send message to ${company}` }).click();
    const sent = clientLog.getByTestId("message").filter({ hasText: "QuickBooks Online Advanced." });
    await sent.waitFor();
    expect(await sent.getByRole("button", { name: /^Report/ }).count()).toBe(0);

    await row.getByTestId("row-unread").waitFor(LIVE);
    expect(await row.getByTestId("row-unread").innerText()).toBe("1 new message");
    await expect.poll(() => navCount(nav, "Available Leads"), LIVE).toBe(providerUnreadBefore + 1);

    // Opening the lead shows the answer, its line break kept, and reads it: the counts drop. The client
    // read the question while its thread was open: "Seen" is under it.
    await row.getByRole("link", { name: `View Details of Lead #${leadId}` }).click();
    const shown = providerLog.getByTestId("message").filter({ hasText: "QuickBooks Online Advanced." });
    await shown.waitFor();
    // It is read when the provider scrolls down to it (the thread is under the lead's details).
    await providerLog.scrollIntoViewIfNeeded();
    expect(await shown.locator("p").first().innerText()).toBe(answer);
    await expect.poll(() => navCount(nav, "Available Leads"), LIVE).toBe(providerUnreadBefore);
    await providerLog.getByTestId("message-seen").waitFor(LIVE);
    const seenUnder = providerLog.getByTestId("message").filter({ has: provider.page.getByTestId("message-seen") });
    expect(await seenUnder.innerText()).toContain("Which QuickBooks edition");
    expect(await accessibilityViolations(provider.page)).toEqual([]);
  });
  it("a long thread opens at its newest messages and loads the older ones when scrolled up, keeping the place", async () => {
    const { client, requestId, provider, leadId, company } = await requestWithLead();
    const total = MESSAGE_PAGE_SIZE + 5;
    const note = (n: number) => `Note ${String(n).padStart(2, "0")} of ${total}`;
    for (let n = 1; n <= total; n++) {
      const sent = await provider.context.request.post(`/api/conversations/${leadId}/messages`, {
        data: { body: note(n) },
      });
      expect(sent.status(), await sent.text()).toBe(201);
    }

    await client.page.goto(`/quote-request/${requestId}#conversation-${leadId}`);
    // The hash (a notification's link) opens the thread.
    const card = client.page.getByRole("article", { name: company, exact: true });
    const log = card.getByRole("log", { name: `Messages with ${company}` });
    const item = (n: number) => log.getByTestId("message").filter({ hasText: note(n) });
    await item(total).waitFor();
    // The newest page, scrolled to its end.
    expect(await log.getByTestId("message").count()).toBe(MESSAGE_PAGE_SIZE);
    expect(await item(5).count()).toBe(0);
    const gap = () => log.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight);
    await expect.poll(gap).toBeLessThan(2);

    // Scrolled to the top, the older messages come in above without moving what the reader sees.
    // Where the oldest shown message stands in the list, measured in the page at once (older messages
    // may come in as soon as the top shows).
    const offsetOf = (scrollToTop: boolean) =>
      log.evaluate(
        (el, { text, scrollToTop }) => {
          if (scrollToTop) el.scrollTop = 0;
          const shown = [...el.querySelectorAll("[data-testid=message]")].find((m) => m.textContent?.includes(text));
          return (shown?.getBoundingClientRect().top ?? Number.NaN) - el.getBoundingClientRect().top;
        },
        { text: note(6), scrollToTop },
      );
    const before = await offsetOf(true);
    await item(1).waitFor();
    expect(await log.getByTestId("message").count()).toBe(total);
    expect(Math.abs((await offsetOf(false)) - before)).toBeLessThan(2);
    expect(await log.getByRole("button", { name: "Load earlier messages" }).count()).toBe(0);
  });
});
