// Spec screen 3, signed in: the page 'Request Automation Quotes' with the wizard (clients), or a
// pointer home for the other roles, who do not request quotes.
import { Link } from "react-router";
import { homeForUserType } from "@/shared/user-home";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { useAuth } from "@/web/lib/auth";
import { usePageMeta } from "@/web/lib/page-meta";
import { QuoteRequestWizard } from "./wizard/quote-request-wizard";

export function QuoteRequestPage() {
  usePageMeta(
    "Request Automation Quotes",
    "Describe the process you want automated and get quotes from vetted providers.",
  );
  const { user } = useAuth();
  if (!user) return <LoadingScreen />;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <div>
        <h1 className="text-2xl font-bold text-slate-900">Request Automation Quotes</h1>
        <p className="mt-1 text-slate-600">
          Six short steps. Submitting is free, and 2-3 vetted providers will send you quotes.
        </p>
      </div>
      {user.userType === "client" ? (
        <QuoteRequestWizard user={user} />
      ) : (
        <Card>
          <CardHeader>
            <CardTitle as="h2">Quote requests come from client accounts</CardTitle>
            <CardDescription>
              You are signed in as {user.userType === "admin" ? "an admin" : "a provider"}. To request quotes, sign in
              with a client account.
            </CardDescription>
          </CardHeader>
          <CardContent>
            <Button asChild variant="outline">
              <Link to={homeForUserType(user.userType)}>Go to my dashboard</Link>
            </Button>
          </CardContent>
        </Card>
      )}
    </div>
  );
}
