// /provider-dashboard (spec screen 8): the cards, the leads matched to the provider (a page at a time),
// and, for a provider who may not see leads yet, why not and what to do. The cards' counts come from
// the provider's analytics, read by the route in src/web/app (features/quotes), which also puts in the
// banner of the lead preferences (features/settings).
import { FileText, Inbox, Send, Trophy } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import { EXPORT_PATHS } from "@/shared/exports";
import type { LeadAccess } from "@/shared/leads";
import { leadPath, PATHS } from "@/shared/paths";
import { DownloadCsvLink } from "@/web/components/download-csv-link";
import { ListRow } from "@/web/components/list-row";
import { EmptyState, ErrorAlert } from "@/web/components/list-states";
import { LoadMore } from "@/web/components/load-more";
import { SectionPage } from "@/web/components/section-page";
import { StatCard } from "@/web/components/stat-card";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { UnreadRowBadge } from "@/web/components/unread-badge";
import { unreadForLead, useUnreadSummary } from "@/web/lib/conversation-unread";
import { formatDate } from "@/web/lib/format";
import { useProviderLeads } from "./api";
import { InvitedBadge, LeadStatusBadge } from "./lead-status-badge";

function AccessNotice({ access }: { access: LeadAccess }) {
  const next =
    access.companyStatus === "none" ||
    access.companyStatus === "rejected" ||
    access.companyStatus === "changes_requested"
      ? {
          href: PATHS.providerRegistration,
          label: access.companyStatus === "none" ? "Create Company Profile" : "Edit and Resubmit",
        }
      : access.companyStatus === "approved"
        ? {
            href: PATHS.subscription,
            label: !access.subscriptionStatus
              ? "Set Up Your Subscription"
              : access.subscriptionStatus === "incomplete"
                ? "Complete Your Subscription"
                : "Manage Subscription",
          }
        : null;
  return (
    <Card className="border-amber-300 bg-amber-50" data-testid="lead-access-notice">
      <CardHeader className="pb-2">
        <CardTitle as="h2" className="text-base">
          You are not receiving leads yet
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-3 text-sm text-slate-800">
        <p>{access.reason}</p>
        {next ? (
          <Button asChild size="sm">
            <Link to={next.href}>{next.label}</Link>
          </Button>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** The provider's counts as the route read them (from features/quotes' analytics). */
export type ProviderFiguresRead = {
  figures: { newLeads: number; totalLeads: number; quotesSent: number; winRate: number } | null;
  isLoading: boolean;
  error: Error | null;
};

export function ProviderDashboardPage({
  figures: read,
  preferencesNotice,
}: {
  figures: ProviderFiguresRead;
  /** What the route shows when the provider's lead preferences hold new leads back (a pause, a full week). */
  preferencesNotice?: (access: LeadAccess) => ReactNode;
}) {
  const provider = useProviderLeads();
  const { access, leads } = provider;
  const error = provider.error ?? read.error;
  const unread = useUnreadSummary().data;
  if (provider.isLoading || read.isLoading) return <LoadingScreen />;
  const f = read.figures;
  // Counted by the server, not from the list (one page of it); '-' where the count could not be read.
  const cards = [
    { title: "New Leads", value: f ? String(f.newLeads) : "-", icon: Inbox },
    { title: "Total Leads", value: f ? String(f.totalLeads) : "-", icon: FileText },
    { title: "Quotes Sent", value: f ? String(f.quotesSent) : "-", icon: Send },
    { title: "Win Rate", value: f ? `${f.winRate}%` : "-", icon: Trophy },
  ];
  return (
    <SectionPage title="Provider Dashboard" intro="Leads matched to your company, and how your quotes are doing.">
      {error ? <ErrorAlert error={error} small /> : null}
      {access && !access.hasAccess ? <AccessNotice access={access} /> : null}
      {access ? preferencesNotice?.(access) : null}
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {cards.map((c) => (
          <StatCard key={c.title} title={c.title} value={c.value} icon={c.icon} testId="stat-card" />
        ))}
      </div>
      <section aria-labelledby="leads-heading" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 id="leads-heading" className="text-lg font-semibold text-slate-900">
            Available Leads
          </h2>
          {/* Every lead, not only the pages shown; the export answers 403 where the list does. */}
          {access?.hasAccess && leads.length > 0 ? (
            <DownloadCsvLink href={EXPORT_PATHS.leads} what="your leads" />
          ) : null}
        </div>
        {leads.length === 0 ? (
          <EmptyState icon={Inbox} title="No leads yet" testId="leads-empty">
            {access?.hasAccess
              ? "When a business submits a request that fits your specialties, it appears here and you are told."
              : "Leads appear here once your company is approved and your subscription is active."}
          </EmptyState>
        ) : (
          <ul className="space-y-3">
            {leads.map((lead) => (
              <li key={lead.id}>
                <ListRow
                  heading={`Lead #${lead.id}`}
                  headingAs="h3"
                  badge={
                    <>
                      <LeadStatusBadge status={lead.status} />
                      {lead.invited ? <InvitedBadge /> : null}
                      <UnreadRowBadge count={unreadForLead(unread, lead.id)} />
                    </>
                  }
                  to={leadPath(lead.id)}
                  linkText="View Details"
                  linkLabel={`View Details of Lead #${lead.id}`}
                  testId="lead-row"
                >
                  <p className="truncate text-sm text-slate-700">{lead.title}</p>
                  <p className="text-sm text-slate-600">
                    Match Score <span className="font-semibold text-green-800">{lead.matchScore}%</span> · Received{" "}
                    {formatDate(lead.createdAt)}
                  </p>
                </ListRow>
              </li>
            ))}
          </ul>
        )}
        <LoadMore list={provider.pages} />
      </section>
    </SectionPage>
  );
}
