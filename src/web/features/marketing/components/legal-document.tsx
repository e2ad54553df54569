// The frame of the legal pages: title, last-updated date, a table of contents and numbered sections.
import type { ReactNode } from "react";
import { usePublicConfig } from "@/web/lib/public-config";

export const LEGAL_LAST_UPDATED = "January 15, 2025";

export type LegalSection = { id: string; title: string; body: ReactNode };

export function LegalDocument({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: readonly LegalSection[];
}) {
  return (
    <article className="px-4 py-12 sm:py-16">
      <div className="mx-auto max-w-3xl">
        <header className="border-b border-slate-200 pb-8">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900">{title}</h1>
          <p className="mt-3 text-sm text-slate-600">Last updated: {LEGAL_LAST_UPDATED}</p>
          <div className="mt-6 space-y-4 text-slate-700">{intro}</div>
        </header>
        <nav aria-label="Contents" className="mt-8 rounded-lg bg-slate-50 p-6">
          <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-700">Contents</h2>
          <ol className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
            {sections.map((s, i) => (
              <li key={s.id}>
                <a href={`#${s.id}`} className="text-blue-700 underline underline-offset-2 hover:text-blue-900">
                  {i + 1}. {s.title}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="mt-10 space-y-10">
          {sections.map((s, i) => (
            <section key={s.id} id={s.id} aria-labelledby={`${s.id}-heading`} className="scroll-mt-20">
              <h2 id={`${s.id}-heading`} className="text-2xl font-semibold text-slate-900">
                {i + 1}. {s.title}
              </h2>
              <div className="mt-4 space-y-4 leading-relaxed text-slate-700">{s.body}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

export type LegalListItem = string | { label: string; text: string };

/** A section's list, after the sentence that leads into it when there is one. */
export function LegalList({ lead, items }: { lead?: string; items: readonly LegalListItem[] }) {
  return (
    <>
      {lead ? <p>{lead}</p> : null}
      <ul className="list-disc space-y-2 pl-6">
        {items.map((item) =>
          typeof item === "string" ? (
            <li key={item}>{item}</li>
          ) : (
            <li key={item.label}>
              <strong className="font-semibold text-slate-900">{item.label}:</strong> {item.text}
            </li>
          ),
        )}
      </ul>
    </>
  );
}

/** How to reach us about legal matters, after the sentence that leads into it; the address is configuration, not copy. */
export function LegalContact({ lead, topic }: { lead: string; topic: string }) {
  const { data } = usePublicConfig();
  return (
    <>
      <p>{lead}</p>
      {data ? (
        <ul className="space-y-1">
          <li>
            Email:{" "}
            <a
              href={`mailto:${data.contactEmail}?subject=${encodeURIComponent(topic)}`}
              className="text-blue-700 underline underline-offset-2 hover:text-blue-900"
            >
              {data.contactEmail}
            </a>
          </li>
          <li>
            Phone:{" "}
            <a
              href={`tel:${data.contactPhone.replace(/[^\d+]/g, "")}`}
              className="text-blue-700 underline underline-offset-2 hover:text-blue-900"
            >
              {data.contactPhone}
            </a>
          </li>
        </ul>
      ) : (
        <p>You can reach us through the contact options on our Schedule page.</p>
      )}
    </>
  );
}
