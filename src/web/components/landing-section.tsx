// A band of the visitor's landings for a signed-in step (/quote-request, /provider-registration): a
// centred heading that names the band, then what it shows. The marketing pages have their own Section.
import type { ReactNode } from "react";
import { cn } from "@/web/lib/cn";

export function LandingSection({
  headingId,
  title,
  id,
  muted = false,
  narrow = false,
  children,
}: {
  headingId: string;
  title: string;
  /** The band's own id, for a link that scrolls to it. */
  id?: string;
  muted?: boolean;
  /** One card rather than a grid. */
  narrow?: boolean;
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("px-4 py-16", id && "scroll-mt-20", muted && "bg-slate-50")}
    >
      <div className={cn("mx-auto", narrow ? "max-w-md" : "max-w-6xl")}>
        <h2 id={headingId} className="text-center text-3xl font-bold text-slate-900">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
