// Where the account is signed in (decision 117): each device with its last use, a sign-out for each,
// and one for all of them.
import { Laptop, Smartphone } from "lucide-react";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/api";
import { useSetSignedOut } from "@/web/lib/auth";
import { formatDate, relativeTime } from "@/web/lib/format";
import { useEndSession, useSessions, useSignOutEverywhere } from "./api";

const MOBILE = /iOS|Android/;

export function SessionsCard() {
  const sessions = useSessions();
  const end = useEndSession();
  // Every session ends, this one too: the page forgets the account and goes home.
  const everywhere = useSignOutEverywhere({ onSuccess: useSetSignedOut() });

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Where You're Signed In</CardTitle>
        <CardDescription>
          Sign-ins end after some days without use. Sign out any device you do not recognise.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {sessions.isPending ? (
          <p className="text-sm text-slate-600">Loading...</p>
        ) : sessions.isError ? (
          <p role="alert" className="text-sm text-red-700">
            {errorMessage(sessions.error)}
          </p>
        ) : (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200" aria-label="Sessions">
            {sessions.data.map((s) => {
              const Icon = MOBILE.test(s.device) ? Smartphone : Laptop;
              return (
                <li key={s.id} className="flex items-center gap-3 p-3" data-testid="session">
                  <Icon className="h-5 w-5 shrink-0 text-slate-500" aria-hidden="true" />
                  <div className="min-w-0 flex-1">
                    <p className="text-sm font-medium text-slate-900">
                      {s.device}
                      {s.current ? (
                        <span className="ml-2 rounded bg-green-100 px-1.5 py-0.5 text-xs font-medium text-green-800">
                          This device
                        </span>
                      ) : null}
                    </p>
                    <p className="text-xs text-slate-600">
                      {s.current ? "Active now" : `Last active ${relativeTime(s.lastSeenAt).toLowerCase()}`} · Signed in{" "}
                      {formatDate(s.createdAt)}
                    </p>
                  </div>
                  {s.current ? null : (
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={end.isPending && end.variables?.id === s.id}
                      onClick={() => end.mutate(s)}
                      aria-label={`Sign out ${s.device}, last active ${relativeTime(s.lastSeenAt).toLowerCase()}`}
                    >
                      Sign Out
                    </Button>
                  )}
                </li>
              );
            })}
          </ul>
        )}
        <ConfirmDialog
          trigger={<Button variant="outline">Sign Out Everywhere</Button>}
          title="Sign out everywhere?"
          description="Every device signed in to your account is signed out, this one too. You will need your password to sign in again."
          confirmLabel="Sign Out Everywhere"
          cancelLabel="Stay Signed In"
          pending={everywhere.isPending}
          onConfirm={() => everywhere.mutate()}
        />
      </CardContent>
    </Card>
  );
}
