// The local mailbox (decision 159): outside production and without SMTP, every email the product
// writes can be read at /dev/mailbox, its links clickable, as letter_opener or Mailpit show a
// developer's mail. It reads the outbox itself; in production (or with SMTP, or mail off) these routes
// do not exist. Plain pages the server writes: a developer's tool, not part of the app.
import { ilike } from "drizzle-orm";
import { z } from "zod";
import { BRAND_NAME } from "@/shared/brand";
import { idParams } from "@/shared/ids";
import { MAILBOX_PATH } from "../../config";
import { newestFirstPage } from "../../db/pages";
import { emailOutbox, type OutboxRow } from "../../db/schema/email-outbox";
import { escapeHtml } from "../../http/escape-html";
import { containsPattern } from "../../http/paging";
import { plainPage } from "../../http/plain-page";
import type { RoutePlugin } from "../../http/types";
import * as q from "./queries";

export const MAILBOX_PAGE_SIZE = 50;

const listQuerySchema = z.object({
  page: z.coerce.number().int().min(1, "page must be 1 or more").max(100_000).default(1),
  /** Only the emails to addresses containing this. */
  to: z.string().trim().max(320).optional(),
});
const idParamsSchema = idParams("an email id");

/** The email's own HTML may style itself and show inline images; nothing runs, nothing loads. */
const EMAIL_HTML_POLICY =
  "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; frame-ancestors 'none'";

const when = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });
const received = (row: OutboxRow) => `${when.format(row.createdAt)} UTC`;

/** Text with each web address made a link, escaped for HTML. */
export function linkedText(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part)))
    .join("");
}

const STYLE = `
  body { font: 15px/1.5 system-ui, sans-serif; color: #0f172a; margin: 0 auto; max-width: 960px; padding: 24px 16px; }
  a { color: #1d4ed8; }
  h1 { font-size: 1.5rem; margin: 0 0 8px; }
  .note { background: #fffbeb; border: 1px solid #fde68a; border-radius: 6px; padding: 8px 12px; color: #78350f; }
  form { margin: 16px 0; display: flex; gap: 8px; flex-wrap: wrap; align-items: center; }
  input { font: inherit; padding: 4px 8px; min-width: 0; flex: 1 1 240px; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: 8px; border-bottom: 1px solid #e2e8f0; vertical-align: top; overflow-wrap: anywhere; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
  dt { color: #475569; }
  dd { margin: 0; overflow-wrap: anywhere; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; font: inherit; background: #f8fafc; border: 1px solid #e2e8f0; border-radius: 6px; padding: 12px; }
  nav { display: flex; gap: 16px; margin-top: 16px; }
`;

function page(title: string, body: string): string {
  return plainPage({ title: `${escapeHtml(title)} · ${BRAND_NAME} local mailbox`, style: STYLE, body });
}

function listPage(rows: OutboxRow[], total: number, query: z.infer<typeof listQuerySchema>): string {
  const pages = Math.max(1, Math.ceil(total / MAILBOX_PAGE_SIZE));
  const link = (p: number) =>
    escapeHtml(`${MAILBOX_PATH}?${new URLSearchParams({ page: String(p), ...(query.to ? { to: query.to } : {}) })}`);
  const items = rows
    .map(
      (row) => `<tr>
  <td>${escapeHtml(received(row))}</td>
  <td>${escapeHtml(row.toAddress)}</td>
  <td><a href="${MAILBOX_PATH}/${row.id}">${escapeHtml(row.subject)}</a></td>
</tr>`,
    )
    .join("\n");
  const count = `${total} ${total === 1 ? "email" : "emails"}${query.to ? ` to addresses containing “${escapeHtml(query.to)}”` : ""}`;
  return page(
    "Emails",
    `<main>
<h1>Local mailbox</h1>
<p class="note" role="note">No SMTP server is configured (SMTP_URL), so ${BRAND_NAME} sends no email: every email it writes is kept here instead. This page does not exist in production.</p>
<form method="get" action="${MAILBOX_PATH}" role="search">
  <label for="to">Recipient</label>
  <input id="to" name="to" type="search" value="${escapeHtml(query.to ?? "")}" placeholder="name@example.com">
  <button type="submit">Filter</button>
</form>
<p>${count}, newest first. <a href="${link(query.page)}">Refresh</a></p>
${
  rows.length === 0
    ? "<p>No emails yet. Sign up, or ask for a password reset, and the email shows here.</p>"
    : `<table>
<thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th></tr></thead>
<tbody>
${items}
</tbody>
</table>`
}
<nav aria-label="Pages">
${query.page > 1 ? `<a href="${link(query.page - 1)}">Newer</a>` : ""}
<span>Page ${query.page} of ${pages}</span>
${query.page < pages ? `<a href="${link(query.page + 1)}">Older</a>` : ""}
</nav>
</main>`,
  );
}

function messagePage(row: OutboxRow, from: string): string {
  return page(
    row.subject,
    `<main>
<p><a href="${MAILBOX_PATH}">All emails</a></p>
<h1>${escapeHtml(row.subject)}</h1>
<dl>
  <dt>From</dt><dd>${escapeHtml(`${BRAND_NAME} <${from}>`)}</dd>
  <dt>To</dt><dd>${escapeHtml(row.toAddress)}</dd>
  <dt>Received</dt><dd>${escapeHtml(received(row))}</dd>
</dl>
<pre>${linkedText(row.textBody)}</pre>
<p><a href="${MAILBOX_PATH}/${row.id}/html">The HTML version</a>, as a mail program shows it.</p>
</main>`,
  );
}

const NOT_FOUND = page(
  "No such email",
  `<main><h1>No such email</h1><p>It may have been deleted with its account. <a href="${MAILBOX_PATH}">All emails</a></p></main>`,
);

export const mailboxRoutes: RoutePlugin = async (app, { config }) => {
  if (config.mail.delivery !== "mailbox") return;
  const from = config.mail.from;
  // Every page shows someone's mail as it is now: never kept by a cache, never indexed.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.url.startsWith(MAILBOX_PATH)) reply.header("cache-control", "no-store");
    return payload;
  });

  app.get(MAILBOX_PATH, { schema: { hide: true, querystring: listQuerySchema } }, async (request, reply) => {
    const query = request.query;
    const { rows, total } = await newestFirstPage(
      app.db,
      emailOutbox,
      query.to ? ilike(emailOutbox.toAddress, containsPattern(query.to)) : undefined,
      { limit: MAILBOX_PAGE_SIZE, offset: (query.page - 1) * MAILBOX_PAGE_SIZE },
    );
    return reply.type("text/html; charset=utf-8").send(listPage(rows, total, query));
  });

  app.get(`${MAILBOX_PATH}/:id`, { schema: { hide: true, params: idParamsSchema } }, async (request, reply) => {
    const row = await q.findEmail(app.db, request.params.id);
    reply.type("text/html; charset=utf-8");
    return row ? reply.send(messagePage(row, from)) : reply.code(404).send(NOT_FOUND);
  });

  app.get(`${MAILBOX_PATH}/:id/html`, { schema: { hide: true, params: idParamsSchema } }, async (request, reply) => {
    const row = await q.findEmail(app.db, request.params.id);
    reply.type("text/html; charset=utf-8");
    if (!row) return reply.code(404).send(NOT_FOUND);
    return reply.header("content-security-policy", EMAIL_HTML_POLICY).send(row.htmlBody);
  });
};
