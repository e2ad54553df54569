// A message's text as the writer typed it: plain text, its line breaks kept, web and mail addresses
// made links (thread-model's linkSegments). Nothing in it is ever read as HTML.
import { cn } from "@/web/lib/cn";
import { linkSegments } from "./link-segments";

/** What every link in a message carries: a new tab, no referrer or opener, and no endorsement of it. */
export const MESSAGE_LINK_REL = "noopener noreferrer nofollow ugc";

export function MessageText({ text, linkClassName }: { text: string; linkClassName?: string }) {
  const segments = linkSegments(text);
  return (
    <p className="whitespace-pre-wrap text-sm [overflow-wrap:anywhere]">
      {segments.map((s, i) =>
        s.kind === "link" ? (
          <a
            // Segments are fixed for one text: their order is their identity.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            key={i}
            href={s.href}
            target="_blank"
            rel={MESSAGE_LINK_REL}
            className={cn("underline underline-offset-2", linkClassName)}
          >
            {s.text}
          </a>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <span key={i}>{s.text}</span>
        ),
      )}
    </p>
  );
}
