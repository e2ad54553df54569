// Spec screen 11: a single-open, collapsible FAQ with six entries.
import { ChevronDown } from "lucide-react";
import { Accordion } from "radix-ui";
import type { FaqEntry } from "@/shared/faq";

export function Faq({ entries }: { entries: readonly FaqEntry[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="mx-auto max-w-3xl divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white"
    >
      {entries.map((entry, i) => (
        <Accordion.Item key={entry.question} value={`faq-${i}`}>
          <Accordion.Header>
            <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left text-base font-semibold text-slate-900 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-blue-500">
              {entry.question}
              <ChevronDown
                className="h-5 w-5 shrink-0 text-slate-600 transition-transform duration-200 group-data-[state=open]:rotate-180"
                aria-hidden="true"
              />
            </Accordion.Trigger>
          </Accordion.Header>
          <Accordion.Content className="overflow-hidden text-slate-600 data-[state=closed]:animate-[accordion-up_200ms_ease-out] data-[state=open]:animate-[accordion-down_200ms_ease-out]">
            <p className="px-5 pb-5">{entry.answer}</p>
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
