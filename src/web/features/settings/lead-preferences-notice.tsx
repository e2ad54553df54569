// What holds new leads back today (issue 32): the pause until a return date, the weekly capacity
// reached. Said on the Settings card and, with a link to it, on the provider dashboard.
import { useQuery } from "@tanstack/react-query";
import { PauseCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { LeadPreferencesState } from "@/shared/lead-preferences";
import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { countOf, formatDate } from "@/web/lib/format";
import { leadPreferencesQueryOptions, useResumeLeads } from "./lead-preferences-api";

export const LEAD_PREFERENCES_ANCHOR = "lead-preferences";

/** The return date is a day in UTC (the first day back): written as that day wherever the reader is. */
const returnDay = (isoDay: string) => formatDate(isoDay, "UTC");

/** Nothing while leads flow; otherwise why they do not, with "Resume now" for a pause. */
export function LeadPreferencesNotice({
  state,
  onResumed,
  children,
}: {
  state: LeadPreferencesState;
  onResumed?: () => void;
  /** More actions beside "Resume now" (the dashboard's link to Settings). */
  children?: ReactNode;
}) {
  const { resume, isPending } = useResumeLeads();
  const pausedUntil = state.paused ? state.pausedUntil : null;
  const capacity = state.full ? state.weeklyCapacity : null;
  if (pausedUntil === null && capacity === null) return null;
  return (
    <div
      className="flex flex-wrap items-start gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
      data-testid="lead-preferences-notice"
    >
      <PauseCircle className="mt-0.5 h-5 w-5 shrink-0 text-amber-700" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        {pausedUntil !== null ? (
          <p>
            New leads are paused until <strong>{returnDay(pausedUntil)}</strong>.
          </p>
        ) : null}
        {capacity !== null ? (
          <p>
            You have reached your weekly capacity of {countOf(capacity, "lead")}. New leads come again as your older
            ones pass 7 days.
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        {pausedUntil !== null ? (
          <Button
            type="button"
            size="sm"
            variant="outline"
            disabled={isPending}
            onClick={() => resume(state, { onSuccess: onResumed })}
          >
            {isPending ? "Resuming..." : "Resume now"}
          </Button>
        ) : null}
        {children}
      </div>
    </div>
  );
}

/**
 * The provider dashboard's banner (its route puts it there): the notice, with the way to Settings. Only
 * for a provider with a company (`enabled`): without one there are no preferences to read.
 */
export function LeadPreferencesBanner({ enabled }: { enabled: boolean }) {
  const { data } = useQuery({ ...leadPreferencesQueryOptions(), enabled });
  if (!enabled || !data) return null;
  return (
    <LeadPreferencesNotice state={data}>
      <Button asChild size="sm" variant="link">
        <Link to={`${PATHS.settings}#${LEAD_PREFERENCES_ANCHOR}`}>Change your lead preferences</Link>
      </Button>
    </LeadPreferencesNotice>
  );
}
