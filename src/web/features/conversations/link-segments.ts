// A message's text cut into plain text and links, apart from the thread's other rules so that
// linkifyjs loads with a thread only, not with every page that shows an unread count.
import { tokenize } from "linkifyjs";

export type TextSegment = { kind: "text"; text: string } | { kind: "link"; text: string; href: string };

const LINK_PROTOCOLS = new Set(["http:", "https:", "mailto:"]);

/** The href of a found link when it is a web or mail address; other schemes (ftp:, file:) stay text. */
function safeHref(href: string): string | null {
  try {
    return LINK_PROTOCOLS.has(new URL(href).protocol) ? href : null;
  } catch {
    return null;
  }
}

/**
 * A message's text cut into plain text and links (linkifyjs finds them; a bare "example.com" becomes
 * https://example.com). Only http(s) and mailto links are links; everything else is text, shown as text.
 */
export function linkSegments(text: string): TextSegment[] {
  const segments: TextSegment[] = [];
  const push = (segment: TextSegment) => {
    const last = segments.at(-1);
    if (segment.kind === "text" && last?.kind === "text") last.text += segment.text;
    else segments.push(segment);
  };
  for (const token of tokenize(text)) {
    const value = token.toString();
    const href = token.isLink ? safeHref(token.toHref("https")) : null;
    push(href ? { kind: "link", text: value, href } : { kind: "text", text: value });
  }
  return segments;
}
