import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { useAuth } from "@/web/lib/auth";
import { formatDate } from "@/web/lib/format";
import { usePageMeta } from "@/web/lib/page-meta";

/** Spec screen 16: a page to check what the server thinks of the current session. */
export function AuthTestPage() {
  usePageMeta("Authentication test", "Shows whether you are signed in and which account the session belongs to.");
  const { user, isLoading, isAuthenticated } = useAuth();
  return (
    <main className="mx-auto max-w-xl px-4 py-12">
      <Card>
        <CardHeader>
          <CardTitle as="h1">Authentication Test</CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {isLoading ? (
            <p>Loading...</p>
          ) : (
            <>
              <p>
                Status:{" "}
                <strong data-testid="auth-status">{isAuthenticated ? "Authenticated" : "Not authenticated"}</strong>
              </p>
              {user ? (
                <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                  <dt className="text-slate-600">ID</dt>
                  <dd>{user.id}</dd>
                  <dt className="text-slate-600">Email</dt>
                  <dd>{user.email}</dd>
                  <dt className="text-slate-600">First name</dt>
                  <dd>{user.firstName}</dd>
                  <dt className="text-slate-600">Last name</dt>
                  <dd>{user.lastName}</dd>
                  <dt className="text-slate-600">Created</dt>
                  <dd>{formatDate(user.createdAt)}</dd>
                </dl>
              ) : null}
              <div className="flex gap-3">
                <Button asChild>
                  <a href={`/api/login?returnTo=${encodeURIComponent(PATHS.authTest)}`}>Login</a>
                </Button>
                <Button asChild variant="outline">
                  <a href="/api/logout">Logout</a>
                </Button>
              </div>
            </>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
