import type { ReactNode } from "react";

/** A link in running text to a page that opens in a new tab, as a screen reader is told. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="text-blue-700 underline underline-offset-2 hover:text-blue-800"
    >
      {children}
      <span className="sr-only"> (opens in a new tab)</span>
    </a>
  );
}
