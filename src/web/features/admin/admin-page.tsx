import { Tabs } from "radix-ui";
import { useLocation, useNavigate } from "react-router";
import { PATHS } from "@/shared/paths";
import { SectionPage } from "@/web/components/section-page";
import { ActivityPanel } from "./activity-panel";
import { AlertsPanel } from "./alerts-panel";
import { AnalyticsPanel } from "./analytics-panel";
import { InquiriesPanel } from "./inquiries-panel";
import { OutboxPanel } from "./outbox-panel";
import { OverviewPanel } from "./overview-panel";
import { ProvidersPanel } from "./providers-panel";
import { ReportsPanel } from "./reports-panel";
import { RequestsPanel } from "./requests-panel";
import { ReviewsPanel } from "./reviews-panel";
import { SystemPanel } from "./system-panel";
import { UsersPanel } from "./users-panel";

// Spec screen 10: the tabs, Overview by default. Sub-paths of /admin open their tab.
export const ADMIN_TABS = [
  { value: "overview", label: "Overview", path: PATHS.admin, Panel: OverviewPanel },
  { value: "analytics", label: "Analytics", path: PATHS.adminAnalytics, Panel: AnalyticsPanel },
  { value: "providers", label: "Providers", path: PATHS.adminProviders, Panel: ProvidersPanel },
  { value: "alerts", label: "Alerts", path: PATHS.adminAlerts, Panel: AlertsPanel },
  { value: "requests", label: "Requests", path: PATHS.adminRequests, Panel: RequestsPanel },
  { value: "users", label: "Users", path: PATHS.adminUsers, Panel: UsersPanel },
  { value: "activity", label: "Activity", path: PATHS.adminActivity, Panel: ActivityPanel },
  { value: "inquiries", label: "Inquiries", path: PATHS.adminInquiries, Panel: InquiriesPanel },
  { value: "emails", label: "Emails", path: PATHS.adminEmails, Panel: OutboxPanel },
  { value: "reports", label: "Reports", path: PATHS.adminReports, Panel: ReportsPanel },
  { value: "reviews", label: "Reviews", path: PATHS.adminReviews, Panel: ReviewsPanel },
  { value: "system", label: "System", path: PATHS.adminSystem, Panel: SystemPanel },
] as const;

export function AdminPage() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = ADMIN_TABS.find((t) => t.path !== PATHS.admin && pathname.startsWith(t.path))?.value ?? "overview";
  return (
    <SectionPage title="Admin Dashboard" intro="Run the marketplace: providers, requests, users and alerts.">
      <Tabs.Root
        value={current}
        onValueChange={(value) => navigate(ADMIN_TABS.find((t) => t.value === value)?.path ?? PATHS.admin)}
      >
        <Tabs.List aria-label="Admin sections" className="flex flex-wrap gap-1 rounded-lg bg-slate-100 p-1">
          {ADMIN_TABS.map((t) => (
            <Tabs.Trigger
              key={t.value}
              value={t.value}
              className="rounded-md px-3 py-1.5 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-purple-800 data-[state=active]:shadow"
            >
              {t.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {ADMIN_TABS.map((t) => (
          <Tabs.Content key={t.value} value={t.value} className="mt-6">
            <t.Panel />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </SectionPage>
  );
}
