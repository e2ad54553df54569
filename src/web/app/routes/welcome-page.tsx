import type { LucideIcon } from "lucide-react";
import {
  Activity,
  ArrowRight,
  BarChart3,
  Briefcase,
  Building2,
  DollarSign,
  FileText,
  Inbox,
  Send,
  Trophy,
  Users,
} from "lucide-react";
import { Link } from "react-router";
import { PATHS } from "@/shared/paths";
import type { PublicUser } from "@/shared/users";
import { ErrorAlert } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useAuth } from "@/web/lib/auth";
import { usePageMeta } from "@/web/lib/page-meta";
import { useWelcomeCards } from "./welcome-cards";

const ICONS: Record<string, LucideIcon> = {
  "Quote Requests": FileText,
  "Active Projects": Briefcase,
  "Company Profile": Building2,
  "Available Leads": Inbox,
  "Quotes Sent": Send,
  "Win Rate": Trophy,
  "Total Users": Users,
  "Active Requests": Activity,
  Revenue: DollarSign,
};

const QUICK_ACTIONS: Record<PublicUser["userType"], { href: string; label: string }[]> = {
  client: [
    { href: PATHS.dashboard, label: "View My Requests" },
    { href: PATHS.quoteRequestWizard, label: "Create New Request" },
  ],
  provider: [
    { href: PATHS.providerDashboard, label: "View Available Leads" },
    { href: PATHS.subscription, label: "Manage Subscription" },
  ],
  admin: [
    { href: PATHS.admin, label: "Admin Dashboard" },
    { href: PATHS.adminAnalytics, label: "View Analytics" },
  ],
};

export function WelcomeSkeleton() {
  return (
    <div className="space-y-6" data-testid="welcome-skeleton" aria-busy="true">
      <div className="h-8 w-64 animate-pulse rounded bg-slate-200" />
      <div className="grid gap-4 md:grid-cols-3">
        {[0, 1, 2].map((i) => (
          <div key={i} className="h-28 animate-pulse rounded-lg bg-slate-200" />
        ))}
      </div>
    </div>
  );
}

export function WelcomePage() {
  usePageMeta("Dashboard", "Your Automatch dashboard.");
  const { user } = useAuth();
  const cards = useWelcomeCards(user?.userType);
  if (!user || cards.isLoading) return <WelcomeSkeleton />;

  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Welcome back, {user.firstName}!</h1>
        <p className="mt-1 text-slate-600">Here is what is happening with your account.</p>
      </div>
      {cards.error ? <ErrorAlert error={cards.error} what="Your figures" /> : null}
      <div className="grid gap-4 md:grid-cols-3" hidden={cards.error !== undefined}>
        {cards.items.map((card) => {
          const Icon = ICONS[card.title] ?? BarChart3;
          return (
            <Card key={card.title} data-testid="welcome-card">
              <CardHeader className="flex flex-row items-center justify-between pb-2">
                <CardTitle as="h2" className="text-sm font-medium text-slate-600">
                  {card.title}
                </CardTitle>
                <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" />
              </CardHeader>
              <CardContent className="space-y-2">
                <p className="text-2xl font-bold text-slate-900" data-testid="welcome-card-value">
                  {card.value}
                </p>
                {card.note ? <p className="text-sm text-slate-600">{card.note}</p> : null}
                {card.link ? (
                  <Link
                    to={card.link.href}
                    className="inline-flex items-center gap-1 text-sm font-medium text-blue-700 underline-offset-4 hover:underline"
                  >
                    {card.link.label}
                    <ArrowRight className="h-3.5 w-3.5" aria-hidden="true" />
                  </Link>
                ) : null}
              </CardContent>
            </Card>
          );
        })}
      </div>
      <section aria-labelledby="quick-actions">
        <h2 id="quick-actions" className="mb-3 text-lg font-semibold text-slate-900">
          Quick Actions
        </h2>
        <div className="flex flex-wrap gap-3">
          {QUICK_ACTIONS[user.userType].map((a, i) => (
            <Button key={a.href} asChild variant={i === 0 ? "default" : "outline"}>
              <Link to={a.href}>{a.label}</Link>
            </Button>
          ))}
        </div>
      </section>
    </div>
  );
}
