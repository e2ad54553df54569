// Every email the app writes is put together here (decision 083): greeting, paragraphs, the page it is
// about, sign-off, as a text part and an HTML part that say the same thing. Features give words and a
// path of shared/paths.ts; they write no markup and no address, so user text (names, titles, reasons)
// reaches the HTML part only escaped and every link starts at PUBLIC_URL.
import { BRAND_NAME } from "@/shared/brand";
import type { NotificationKind } from "@/shared/notifications";
import { escapeHtml } from "../../http/escape-html";
import type { NotifyInput, OutgoingEmail } from "./service";
import { subjectLine } from "./subject";

/** A piece of a paragraph; `strong` is bold in the HTML part and plain in the text part. */
export type Inline = string | { strong: string };
export type Paragraph = string | readonly Inline[];

export type Recipient = { email: string; firstName: string };

export type EmailContent = {
  to: Recipient;
  subject: string;
  paragraphs: readonly Paragraph[];
  /** The page the email is about: a link labelled `label` to `path` (a path inside the app). */
  action?: { label: string; path: string };
};

/** The absolute address of a page: PUBLIC_URL with or without its trailing slash, then the path. */
export function pageUrl(appUrl: string, path: string): string {
  const base = appUrl.replace(/\/+$/, "");
  return path.startsWith("/") ? `${base}${path}` : `${base}/${path}`;
}

const pieces = (p: Paragraph): readonly Inline[] => (typeof p === "string" ? [p] : p);
const plain = (p: Paragraph) =>
  pieces(p)
    .map((i) => (typeof i === "string" ? i : i.strong))
    .join("");
const markup = (p: Paragraph) =>
  pieces(p)
    .map((i) => (typeof i === "string" ? escapeHtml(i) : `<strong>${escapeHtml(i.strong)}</strong>`))
    .join("");

/** The one way an email is written: subject made one bounded line, text and escaped HTML alike. */
export function composeEmail(appUrl: string, content: EmailContent): OutgoingEmail {
  const greeting = `Hello ${content.to.firstName},`;
  const signOff = `The ${BRAND_NAME} team`;
  const action = content.action && { label: content.action.label, url: pageUrl(appUrl, content.action.path) };
  const text = [
    greeting,
    ...content.paragraphs.map(plain),
    ...(action ? [`${action.label}: ${action.url}`] : []),
    signOff,
  ].join("\n\n");
  const html = [
    ...[greeting, ...content.paragraphs].map((p) => `<p>${markup(p)}</p>`),
    ...(action ? [`<p><a href="${escapeHtml(action.url)}">${escapeHtml(action.label)}</a></p>`] : []),
    `<p>${escapeHtml(signOff)}</p>`,
  ].join("");
  return { to: content.to.email, subject: subjectLine(content.subject), text, html };
}

export type NotificationContent = {
  to: Recipient & { id: number };
  kind: NotificationKind;
  /** The bell's title and body; the body is also the email's paragraph unless `email.paragraphs`. */
  title: string;
  body: string;
  /** The page the notification opens, and the email's action. */
  link: string;
  email: { subject: string; action: string; paragraphs?: readonly Paragraph[] };
};

/** A notification and its email about the same page, for `notifyUser`. */
export function composeNotification(appUrl: string, content: NotificationContent): NotifyInput {
  return {
    userId: content.to.id,
    kind: content.kind,
    title: content.title,
    body: content.body,
    link: content.link,
    email: composeEmail(appUrl, {
      to: content.to,
      subject: content.email.subject,
      paragraphs: content.email.paragraphs ?? [content.body],
      action: { label: content.email.action, path: content.link },
    }),
  };
}
