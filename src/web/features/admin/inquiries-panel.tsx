import type { ReactNode } from "react";
import type { InquiryPage, StoredInquiry, StoredVendorApplication, VendorApplicationPage } from "@/shared/inquiries";
import { budgetLabel, INQUIRY_SOURCES, type InquirySource } from "@/shared/inquiry-options";
import { formatDateTime } from "@/web/lib/format";
import { queryKeys } from "@/web/lib/query-keys";
import { numberedPageQueryOptions } from "./api";
import PANEL_TEXTS from "./panel-texts.json";
import { PagedPanel } from "./query-panel";

// The public forms' submissions (DESIGN.md "Inquiry"): the landing and pre-qualification forms, and
// vendor applications. Admins follow them up by hand; nothing else in the product reads them.

const SOURCE_LABELS: Record<InquirySource, string> = {
  landing: "Landing form",
  "pre-qualification": "Pre-qualification",
};

const inquiriesQueryOptions = (page: number, source: InquirySource | "all") =>
  numberedPageQueryOptions<InquiryPage>(queryKeys.admin.inquiries(page, source), "/api/admin/inquiries", page, {
    source,
  });

const vendorApplicationsQueryOptions = (page: number) =>
  numberedPageQueryOptions<VendorApplicationPage>(
    queryKeys.admin.vendorApplications(page),
    "/api/admin/vendor-applications",
    page,
  );

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
      meta={`${SOURCE_LABELS[i.source as InquirySource] ?? i.source} · ${formatDateTime(i.createdAt)}`}
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
    <Submission title={`${a.name} · ${a.company}`} meta={formatDateTime(a.createdAt)}>
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

/** The Inquiries tab: both kinds of public submission, each paged on its own. */
export function InquiriesPanel() {
  return (
    <div className="space-y-10">
      <PagedPanel
        texts={PANEL_TEXTS.inquiries}
        options={inquiriesQueryOptions}
        filter={{ values: INQUIRY_SOURCES, labels: SOURCE_LABELS }}
        item={(i) => <InquiryItem inquiry={i} />}
      />
      <PagedPanel
        texts={PANEL_TEXTS.vendorApplications}
        options={vendorApplicationsQueryOptions}
        item={(a) => <ApplicationItem application={a} />}
      />
    </div>
  );
}
