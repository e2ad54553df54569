// What a signed-in list shows around its rows: the note while it loads, the alert when it cannot be
// read, and the card when there is nothing in it yet.
import { Loader2, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";

/** The note a read shows while it loads; `small` is for one inside a card, `className` places it. */
export function LoadingNote({ small = false, className }: { small?: boolean; className?: string }) {
  return (
    <p role="status" className={cn(small && "text-sm", "text-slate-600", className)}>
      Loading...
    </p>
  );
}

/**
 * A request's failure as the page's alert: `what` names what could not be loaded, where the page says
 * it; `fallback` is the text for a failure with no message of its own.
 */
export function ErrorAlert({
  error,
  what,
  fallback,
  small = false,
}: {
  error: unknown;
  what?: string;
  fallback?: string;
  small?: boolean;
}) {
  const message = errorMessage(error, fallback);
  return (
    <p role="alert" className={cn(small && "text-sm", "text-red-700")}>
      {what ? `${what} could not be loaded: ${message}` : message}
    </p>
  );
}

/** A read that failed, said as ErrorAlert says it, with the button that reads it again. */
export function RetryAlert({ error, what, onRetry }: { error: unknown; what: string; onRetry: () => void }) {
  return (
    <div className="space-y-3">
      <ErrorAlert error={error} what={what} />
      <Button variant="outline" onClick={onRetry}>
        Try Again
      </Button>
    </div>
  );
}

/** A card's one read once it has answered: `children` with its data, or the failure with Try Again. */
export function DataOrRetry<T>({
  query,
  what,
  children,
}: {
  query: { isError: boolean; error: unknown; data: T | undefined; refetch: () => unknown };
  what: string;
  children: (data: T) => ReactNode;
}) {
  return query.isError || query.data === undefined ? (
    <RetryAlert error={query.error} what={what} onRetry={() => void query.refetch()} />
  ) : (
    children(query.data)
  );
}

type QueryRead<T> = { isLoading: boolean; isError: boolean; error: unknown; data: T | undefined };

/**
 * A query's three states before its data: loading (a spinner), failed (`what` could not be loaded) and
 * empty; then `children` with the data. `small` is for a query read inside a card.
 */
export function QueryStates<T>({
  query,
  what,
  small = false,
  isEmpty,
  empty,
  children,
}: {
  query: QueryRead<T>;
  what: string;
  small?: boolean;
  isEmpty: (data: T) => boolean;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  if (query.isLoading) {
    return (
      <p className={cn("flex items-center gap-2 text-slate-600", small && "text-sm")} role="status">
        <Loader2 className="h-4 w-4 animate-spin" aria-hidden="true" />
        Loading...
      </p>
    );
  }
  if (query.isError) return <ErrorAlert error={query.error} what={what} small={small} />;
  if (query.data === undefined || isEmpty(query.data)) return empty;
  return children(query.data);
}

/** An empty list's card: an icon, what is missing, why or what to do, and an optional action. */
export function EmptyState({
  icon: Icon,
  title,
  testId,
  action,
  children,
}: {
  icon: LucideIcon;
  title: string;
  testId: string;
  action?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-col items-center gap-2 p-8 text-center">
        <Icon className="h-8 w-8 text-slate-400" aria-hidden="true" />
        <p className="font-medium text-slate-900">{title}</p>
        <p className="max-w-md text-sm text-slate-600">{children}</p>
        {action}
      </CardContent>
    </Card>
  );
}
