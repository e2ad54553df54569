import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import type { InquiryPage, StoredInquiry, StoredVendorApplication, VendorApplicationPage } from "@/shared/inquiries";
import { budgetLabel, INQUIRY_SOURCES, type InquirySource } from "@/shared/inquiry-options";
import { QueryStates } from "@/web/components/list-states";
import { getJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";
import { AllOrOneSelect, EmptyCard, NumberedPage, PanelSection, usePagedFilter } from "./list-controls";

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

function InquiriesList() {
  const { page, setPage, filter: source, setFilter: setSource } = usePagedFilter<InquirySource>();
  const inquiries = useQuery(inquiriesQueryOptions(page, source));
  return (
    <PanelSection
      id="inquiries-heading"
      title={`Inquiries${inquiries.data ? ` (${inquiries.data.total})` : ""}`}
      description="What visitors sent from the landing and pre-qualification forms, newest first."
      beside={
        <AllOrOneSelect
          label="Form"
          value={source}
          onChange={setSource}
          values={INQUIRY_SOURCES}
          labels={SOURCE_LABELS}
        />
      }
    >
      <QueryStates
        query={inquiries}
        what="The inquiries"
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyCard>No inquiries yet.</EmptyCard>}
      >
        {(d) => (
          <NumberedPage items={d.items} label="Inquiry pages" page={page} totalPages={d.totalPages} onPage={setPage}>
            {(i) => <InquiryItem inquiry={i} />}
          </NumberedPage>
        )}
      </QueryStates>
    </PanelSection>
  );
}

function VendorApplicationsList() {
  const [page, setPage] = useState(1);
  const applications = useQuery(vendorApplicationsQueryOptions(page));
  return (
    <PanelSection
      id="applications-heading"
      title={`Vendor Applications${applications.data ? ` (${applications.data.total})` : ""}`}
      description="Applications from the For Vendors page, newest first."
    >
      <QueryStates
        query={applications}
        what="The vendor applications"
        isEmpty={(d) => d.items.length === 0}
        empty={<EmptyCard>No vendor applications yet.</EmptyCard>}
      >
        {(d) => (
          <NumberedPage
            items={d.items}
            label="Vendor application pages"
            page={page}
            totalPages={d.totalPages}
            onPage={setPage}
          >
            {(a) => <ApplicationItem application={a} />}
          </NumberedPage>
        )}
      </QueryStates>
    </PanelSection>
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
