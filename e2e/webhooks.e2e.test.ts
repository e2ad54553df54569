// Webhooks (issue 32 part 2, decision 173): a provider adds an endpoint in Settings, pointed at a real
// receiver on loopback, and copies its signing secret, shown once; a client's request then becomes a lead,
// and the lead reaches the receiver signed with that secret; the delivery log shows it, "Send again"
// sends it again, a rotated secret signs beside the old one; the endpoint is edited, turned off and on,
// and deleted. The file's server allows private networks (WEBHOOKS_ALLOW_PRIVATE_NETWORKS), as an
// operator running n8n beside the product would: otherwise loopback and http:// are refused.
import http from "node:http";
import type { AddressInfo } from "node:net";
import type { BrowserContext, Locator } from "playwright-core";
import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { apiSignIn, DEMO } from "./support/accounts";
import { accessibilityViolations } from "./support/axe";
import { keepScreenshot, pagePerTest, startProduct } from "./support/fixture";
import { waitForLead } from "./support/leads";
import { billIntakeRequestBody, submitRequest } from "./support/requests";
import { copySecretOnce, openProviderSettingsAt, openSettingsAs } from "./support/settings";
import { closeToast, toastText } from "./support/toast";

const product = startProduct({ env: async () => ({ WEBHOOKS_ALLOW_PRIVATE_NETWORKS: "true" }) });
const tab = pagePerTest(product);

const BROKEN_PATH = "/broken";
type Received = { path: string; headers: Record<string, string>; body: string };

/** A CRM's webhook receiver: it keeps every message and answers 200, or 500 at /broken. */
function startReceiver() {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => {
      const headers = Object.fromEntries(
        Object.entries(req.headers).map(([name, value]) => [
          name,
          Array.isArray(value) ? value.join(", ") : `${value}`,
        ]),
      );
      received.push({ path: req.url ?? "", headers, body });
      if (req.url === BROKEN_PATH) {
        res.writeHead(500, { "content-type": "text/plain" });
        res.end("database down");
        return;
      }
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, note: "stored in the CRM" }));
    });
  });
  return {
    received,
    url: "",
    listen() {
      return new Promise<string>((resolve) => {
        server.listen(0, "127.0.0.1", () => {
          this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/automatch/leads`;
          resolve(this.url);
        });
      });
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const receiver = startReceiver();
beforeAll(() => receiver.listen());
afterAll(() => receiver.close());

/** The messages the receiver took (answered 200) of this type, as their bodies parse. */
const messagesOf = (type: string) =>
  receiver.received
    .filter((r) => r.path !== BROKEN_PATH)
    .map((r) => ({ ...r, json: JSON.parse(r.body) as { id: string; type: string; data: Record<string, unknown> } }))
    .filter((r) => r.json.type === type);

/** The secret in the one-time box, then "Done": answers it. */
async function takeSecret(card: Locator): Promise<string> {
  const box = card.getByTestId("webhook-secret");
  await box.getByText("Copy this signing secret now: it is not shown again.").waitFor();
  const secret = await box.getByLabel("Signing secret").inputValue();
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
  return secret;
}

/** The status of the delivery of message `messageId` to the endpoint at `url`, as the sender recorded it. */
async function deliveryStatus(context: BrowserContext, url: string, messageId: string): Promise<string | undefined> {
  const endpoints = (await (await context.request.get("/api/webhooks/endpoints")).json()) as {
    endpoints: { id: number; url: string }[];
  };
  const endpoint = endpoints.endpoints.find((e) => e.url === url);
  if (!endpoint) return undefined;
  const page = (await (await context.request.get(`/api/webhooks/endpoints/${endpoint.id}/deliveries`)).json()) as {
    items: { messageId: string; status: string }[];
  };
  return page.items.find((d) => d.messageId === messageId)?.status;
}

describe("webhooks", () => {
  it("a provider sends its leads to a receiver: the secret shown once signs them, the log shows them, and they can be sent again", async () => {
    const { context, page } = tab;
    // The link of the email about a turned-off endpoint lands on the card.
    const card = await openProviderSettingsAt(tab, "webhooks", "Webhooks");
    await card.getByText("Send your leads to your CRM, Zapier or n8n.").waitFor();
    await card.getByText("No endpoints yet.").waitFor();

    // The form checks what the server checks, then the server what only it can: the address's host.
    await card.getByRole("button", { name: "Add Endpoint" }).click();
    const url = card.getByLabel("Endpoint URL");
    expect(await card.getByRole("checkbox", { name: /A new lead is delivered to you/ }).isChecked()).toBe(true);
    await card.getByRole("checkbox", { name: /A new lead is delivered to you/ }).uncheck();
    await card.getByRole("button", { name: "Add Endpoint" }).click();
    await card.getByText("Enter the endpoint's full address, starting with https://").waitFor();
    await card.getByText("Choose at least one event").waitFor();
    expect(await url.getAttribute("aria-invalid")).toBe("true");
    await url.fill("https://no-such-host.invalid/hooks");
    await card.getByRole("checkbox", { name: /A new lead is delivered to you/ }).check();
    await card.getByRole("button", { name: "Add Endpoint" }).click();
    await card.getByText("The host name no-such-host.invalid could not be found.").waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    await url.fill(receiver.url);
    await card.getByLabel("Description").fill("Pipedrive through n8n");
    await card.getByRole("checkbox", { name: /The client writes to you about a lead/ }).check();
    await card.getByRole("button", { name: "Add Endpoint" }).click();

    // The secret, once: copied, then gone for good.
    const secret = await takeSecret(card);
    const endpoint = card.getByTestId("webhook-endpoint").filter({ hasText: receiver.url });
    expect(await endpoint.getByTestId("webhook-secret").count()).toBe(1);
    await copySecretOnce(
      page,
      {
        box: endpoint,
        field: endpoint.getByLabel("Signing secret"),
        value: secret,
        shown: card.getByTestId("webhook-secret"),
      },
      "settings-webhooks-secret",
    );
    expect(await endpoint.getByTestId("webhook-secret-hint").innerText()).toBe(`${secret.slice(0, 10)}…`);
    expect(await endpoint.getByRole("list", { name: "Events" }).getByRole("listitem").allInnerTexts()).toEqual([
      "lead.delivered",
      "message.received",
    ]);
    expect(await endpoint.getByTestId("webhook-endpoint-state").innerText()).toBe("Active");
    expect(await endpoint.getByTestId("webhook-last-delivery").innerText()).toBe("None yet");
    await page.reload();
    await endpoint.waitFor();
    expect(await page.content()).not.toContain(secret.slice(10));

    // A second endpoint whose receiver fails (added through the API: the page shows it once it reads again).
    const brokenUrl = new URL(BROKEN_PATH, receiver.url).toString();
    const broken = await context.request.post("/api/webhooks/endpoints", {
      data: { url: brokenUrl, events: ["lead.delivered"], description: "Broken CRM" },
    });
    expect(broken.status(), await broken.text()).toBe(201);

    // A client's request becomes the provider's lead, and the lead reaches the receiver, signed.
    const client = await product.newContext();
    await apiSignIn(client, DEMO.client, DEMO.password);
    const title = `Bill intake for the CRM ${Date.now()}`;
    await submitRequest(client, billIntakeRequestBody(title));
    const leadId = await waitForLead(context, title);
    await expect.poll(() => messagesOf("lead.delivered").length, { timeout: 30_000 }).toBe(1);
    const [first] = messagesOf("lead.delivered");
    if (!first) throw new Error("no lead.delivered message");
    expect(new Webhook(secret).verify(first.body, first.headers)).toMatchObject({ type: "lead.delivered" });
    expect(first.json.data).toMatchObject({ lead: { id: leadId }, request: { title } });
    // What the lead page does not show yet, the message does not carry either.
    expect(first.body).not.toContain("morgan.buyer@example.com");

    // The receiver answered before the sender wrote the outcome down: the log shows it once it is written.
    await expect.poll(() => deliveryStatus(context, receiver.url, first.json.id)).toBe("delivered");
    // The delivery log: the event, its message id, the receiver's answer and the payload.
    await endpoint.getByRole("button", { name: /^Delivery log/ }).click();
    const log = endpoint.getByTestId("webhook-log");
    const delivery = log.getByTestId("webhook-delivery").filter({ hasText: first.json.id });
    await delivery.waitFor();
    expect(await delivery.getByTestId("webhook-delivery-status").innerText()).toBe("Delivered");
    expect(await delivery.innerText()).toContain("lead.delivered");
    const attempts = delivery.getByTestId("webhook-attempt");
    expect(await attempts.count()).toBe(1);
    expect(await attempts.first().innerText()).toMatch(/200\s+\d+ ms\s+\{"ok":true,"note":"stored in the CRM"\}/);
    await delivery.getByText("Payload").click();
    expect(await delivery.locator("pre").innerText()).toContain(`"title": "${title}"`);
    await expect
      .poll(() => endpoint.getByTestId("webhook-last-delivery").innerText())
      .toMatch(/^Delivered · HTTP 200 · /);
    expect(await accessibilityViolations(page)).toEqual([]);
    await keepScreenshot(page, "settings-webhooks-log");

    // The failing receiver's endpoint: retried on the schedule, its answers in the log.
    const failing = card.getByTestId("webhook-endpoint").filter({ hasText: brokenUrl });
    await failing.getByRole("button", { name: "Delivery log of Broken CRM" }).click();
    const retried = failing.getByTestId("webhook-delivery").filter({ hasText: first.json.id });
    await expect
      .poll(async () => {
        await failing.getByRole("button", { name: "Refresh" }).click();
        return retried.getByTestId("webhook-attempt").count();
      })
      .toBeGreaterThan(0);
    expect(await retried.getByTestId("webhook-delivery-status").innerText()).toBe("Retrying");
    expect(await retried.getByTestId("webhook-attempt").first().innerText()).toMatch(/500\s+\d+ ms\s+database down/);
    await retried.getByText(/^Next attempt /).waitFor();
    expect(await failing.getByTestId("webhook-endpoint-state").innerText()).toBe("Failing");
    expect(await failing.getByTestId("webhook-endpoint-status").innerText()).toMatch(/^Failing since /);
    expect(await failing.getByTestId("webhook-last-delivery").innerText()).toMatch(/^Pending · HTTP 500 · /);
    await failing.getByRole("button", { name: "Delivery log of Broken CRM" }).click();
    await expect.poll(() => failing.getByTestId("webhook-log").count()).toBe(0);

    // A new secret: shown once, and the old one still signs beside it while receivers switch.
    await endpoint.getByRole("button", { name: /^Rotate secret/ }).click();
    const confirm = page.getByRole("alertdialog", { name: "Rotate the signing secret?" });
    await confirm.getByRole("button", { name: "Rotate Secret" }).click();
    const rotated = await takeSecret(card);
    expect(rotated).not.toBe(secret);
    await endpoint.getByText("The previous secret keeps signing messages beside this one for 24 hours").waitFor();
    await endpoint.getByRole("button", { name: "Done" }).click();
    expect(await endpoint.getByTestId("webhook-secret-hint").innerText()).toBe(`${rotated.slice(0, 10)}…`);

    // "Send again": the same message, signed with both secrets.
    await delivery.getByRole("button", { name: /^Send again/ }).click();
    await expect.poll(() => toastText(page)).toContain("Delivery Queued");
    await closeToast(page);
    await expect.poll(() => messagesOf("lead.delivered").length, { timeout: 30_000 }).toBe(2);
    const again = messagesOf("lead.delivered")[1];
    if (!again) throw new Error("no second lead.delivered message");
    expect(again.json.id).toBe(first.json.id);
    expect(again.headers["webhook-signature"]?.split(" ")).toHaveLength(2);
    expect(new Webhook(rotated).verify(again.body, again.headers)).toMatchObject({ id: first.json.id });
    expect(new Webhook(secret).verify(again.body, again.headers)).toMatchObject({ id: first.json.id });
    await expect
      .poll(async () => {
        await log.getByRole("button", { name: "Refresh" }).click();
        return attempts.count();
      })
      .toBe(2);
    expect(await delivery.getByTestId("webhook-delivery-status").innerText()).toBe("Delivered");
  });

  it("a provider edits an endpoint's events, turns it off and on, and deletes it", async () => {
    const { context, page } = tab;
    await apiSignIn(context, DEMO.provider, DEMO.password);
    const address = `${receiver.url}?flow=quotes`;
    const created = await context.request.post("/api/webhooks/endpoints", {
      data: { url: address, events: ["quote.accepted"] },
    });
    expect(created.status(), await created.text()).toBe(201);

    await page.goto("/settings");
    const card = page.getByTestId("webhooks-card");
    const endpoint = card.getByTestId("webhook-endpoint").filter({ hasText: address });
    await endpoint.waitFor();

    // Edited: a description and one more event; the form keeps the list's order.
    await endpoint.getByRole("button", { name: `Edit ${address}` }).click();
    await endpoint.getByLabel("Description").fill("Quotes to the CRM");
    await endpoint.getByRole("checkbox", { name: /Your quote is declined/ }).check();
    await endpoint.getByRole("checkbox", { name: /The client accepts your quote/ }).uncheck();
    await endpoint.getByRole("checkbox", { name: /Your quote is declined/ }).uncheck();
    await endpoint.getByRole("button", { name: "Save Endpoint" }).click();
    await endpoint.getByText("Choose at least one event").waitFor();
    await endpoint.getByRole("checkbox", { name: /Your quote is declined/ }).check();
    await endpoint.getByRole("checkbox", { name: /The client accepts your quote/ }).check();
    await endpoint.getByRole("button", { name: "Save Endpoint" }).click();
    await expect.poll(() => toastText(page)).toContain("Endpoint Saved");
    await closeToast(page);
    await endpoint.getByText("Quotes to the CRM").waitFor();
    expect(await endpoint.getByRole("list", { name: "Events" }).getByRole("listitem").allInnerTexts()).toEqual([
      "quote.accepted",
      "quote.declined",
    ]);

    // Off, with why, and on again.
    await endpoint.getByRole("button", { name: "Turn off Quotes to the CRM" }).click();
    await expect.poll(() => endpoint.getByTestId("webhook-endpoint-state").innerText()).toBe("Turned off");
    expect(await endpoint.getByTestId("webhook-endpoint-status").innerText()).toBe("Turned off by you.");
    await expect.poll(() => toastText(page)).toContain("Endpoint Turned Off");
    await closeToast(page);
    await endpoint.getByRole("button", { name: "Turn on Quotes to the CRM" }).click();
    await expect.poll(() => endpoint.getByTestId("webhook-endpoint-state").innerText()).toBe("Active");
    expect(await endpoint.getByTestId("webhook-endpoint-status").count()).toBe(0);
    await closeToast(page);

    // Deleted, after a confirmation that a person can also back out of.
    await endpoint.getByRole("button", { name: "Delete Quotes to the CRM" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete this endpoint?" });
    await confirm.getByRole("button", { name: "Keep It" }).click();
    await confirm.waitFor({ state: "detached" });
    expect(await endpoint.count()).toBe(1);
    await endpoint.getByRole("button", { name: "Delete Quotes to the CRM" }).click();
    await confirm.getByRole("button", { name: "Delete Endpoint" }).click();
    await expect.poll(() => toastText(page)).toContain("Endpoint Deleted");
    await expect.poll(() => endpoint.count()).toBe(0);
    const list = (await (await context.request.get("/api/webhooks/endpoints")).json()) as {
      endpoints: { url: string }[];
    };
    expect(list.endpoints.map((e) => e.url)).not.toContain(address);
  });

  it("a client's Settings has no webhooks", async () => {
    await openSettingsAs(tab, DEMO.client);
    expect(await tab.page.getByTestId("webhooks-card").count()).toBe(0);
  });
});
