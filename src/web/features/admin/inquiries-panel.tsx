import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { InquiryPage, StoredInquiry, StoredVendorApplication, VendorApplicationPage } from "@/shared/inquiries";
import { budgetLabel, INQUIRY_SOURCES, type InquirySource } from "@/shared/inquiry-options";
import { QueryStates } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { getJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";
import { InlineSelect, PanelHeading } from "./list-controls";

// The public forms' submissions (DESIGN.md "Inquiry"): the landing and pre-qualification forms, and
// vendor applications. Admins follow them up by hand; nothing else in the product reads them.

const SOURCE_LABELS: Record<InquirySource, string> = {
  landing: "Landing form",
  "pre-qualification": "Pre-qualification",
};

const inquiriesQueryOptions = (page: number, source: InquirySource | "all") =>
  queryOptions({
    queryKey: queryKeys.admin.inquiries(page, source),
    queryFn: () => {
      const params = new URLSearchParams({ page: String(page), ...(source === "all" ? {} : { source }) });
      return getJson<InquiryPage>(`/api/admin/inquiries?${params.toString()}`);
    },
    placeholderData: keepPreviousData,
  });

const vendorApplicationsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: queryKeys.admin.vendorApplications(page),
    queryFn: () => getJson<VendorApplicationPage>(`/api/admin/vendor-applications?page=${page}`),
    placeholderData: keepPreviousData,
  });

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    month: "short",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });

function Submission({ title, meta, children }: { title: ReactNode; meta: ReactNode; children: ReactNode }) {
  return (
    <details className="rounded-lg border border-slate-200 bg-white">
      <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 px-4 py-3">
        <span className="min-w-0 flex-1 font-medium text-slate-900 [overflow-wrap:anywhere]">{title}</span>
        <span className="text-sm text-slate-600">{meta}</span>
      </summary>
      <div className="space-y-2 border-t border-slate-200 px-4 py-3 text-sm text-slate-800">{children}</div>
    </details>
  );
}

function InquiryItem({ inquiry: i }: { inquiry: StoredInquiry }) {
  return (
    <Submission
      title={`${i.name} · ${i.company}`}
      meta={`${SOURCE_LABELS[i.source as InquirySource] ?? i.source} · ${when(i.createdAt)}`}
    >
      <p>
        <a className="text-purple-800 underline" href={`mailto:${i.email}`}>
          {i.email}
        </a>
        {i.budgetEstimate ? ` · Budget: ${budgetLabel(i.budgetEstimate)}` : ""}
        {i.talkToConsultant ? " · Wants to talk to a consultant" : ""}
      </p>
      <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{i.processDescription}</p>
    </Submission>
  );
}

function ApplicationItem({ application: a }: { application: StoredVendorApplication }) {
  return (
    <Submission title={`${a.name} · ${a.company}`} meta={when(a.createdAt)}>
      <p>
        <a className="text-purple-800 underline" href={`mailto:${a.email}`}>
          {a.email}
        </a>
        {` · ${a.specialties.join(", ")}`}
      </p>
      {a.message ? <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{a.message}</p> : null}
    </Submission>
  );
}

function Pager({
  label,
  page,
  totalPages,
  onPage,
}: {
  label: string;
  page: number;
  totalPages: number;
  onPage: (p: number) => void;
}) {
  if (totalPages <= 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2">
      <Button variant="outline" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        Previous
      </Button>
      <span className="text-sm text-slate-600">
        Page {page} of {totalPages}
      </span>
      <Button variant="outline" disabled={page >= totalPages} onClick={() => onPage(page + 1)}>
        Next
      </Button>
    </nav>
  );
}

const nothing = (what: string) => (
  <Card>
    <CardContent className="p-6 text-slate-600">No {what} yet.</CardContent>
  </Card>
);

function InquiriesList() {
  const [page, setPage] = useState(1);
  const [source, setSource] = useState<InquirySource | "all">("all");
  const inquiries = useQuery(inquiriesQueryOptions(page, source));
  return (
    <section aria-labelledby="inquiries-heading" className="space-y-4">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <PanelHeading id="inquiries-heading" title={`Inquiries${inquiries.data ? ` (${inquiries.data.total})` : ""}`}>
          What visitors sent from the landing and pre-qualification forms, newest first.
        </PanelHeading>
        <InlineSelect
          label="Form"
          value={source}
          onChange={(next) => {
            setSource(next as InquirySource | "all");
            setPage(1);
          }}
          options={[
            { value: "all", label: "All" },
            ...INQUIRY_SOURCES.map((s) => ({ value: s, label: SOURCE_LABELS[s] })),
          ]}
        />
      </div>
      <QueryStates
        query={inquiries}
        what="The inquiries"
        isEmpty={(d) => d.items.length === 0}
        empty={nothing("inquiries")}
      >
        {(d) => (
          <>
            <ul className="space-y-2">
              {d.items.map((i) => (
                <li key={i.id}>
                  <InquiryItem inquiry={i} />
                </li>
              ))}
            </ul>
            <Pager label="Inquiry pages" page={page} totalPages={d.totalPages} onPage={setPage} />
          </>
        )}
      </QueryStates>
    </section>
  );
}

function VendorApplicationsList() {
  const [page, setPage] = useState(1);
  const applications = useQuery(vendorApplicationsQueryOptions(page));
  return (
    <section aria-labelledby="applications-heading" className="space-y-4">
      <PanelHeading
        id="applications-heading"
        title={`Vendor Applications${applications.data ? ` (${applications.data.total})` : ""}`}
      >
        Applications from the For Vendors page, newest first.
      </PanelHeading>
      <QueryStates
        query={applications}
        what="The vendor applications"
        isEmpty={(d) => d.items.length === 0}
        empty={nothing("vendor applications")}
      >
        {(d) => (
          <>
            <ul className="space-y-2">
              {d.items.map((a) => (
                <li key={a.id}>
                  <ApplicationItem application={a} />
                </li>
              ))}
            </ul>
            <Pager label="Vendor application pages" page={page} totalPages={d.totalPages} onPage={setPage} />
          </>
        )}
      </QueryStates>
    </section>
  );
}

/** The Inquiries tab: both kinds of public submission, each paged on its own. */
export function InquiriesPanel() {
  return (
    <div className="space-y-10">
      <InquiriesList />
      <VendorApplicationsList />
    </div>
  );
}
