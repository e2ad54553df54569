// The leads a provider wants (issue 32, decision 171): GET and PUT /api/companies/me/lead-preferences.
// The Settings card edits them; the provider dashboard (through its route) says when they hold leads back.
import { queryOptions, useMutation, useQueryClient } from "@tanstack/react-query";
import type { LeadPreferencesInput, LeadPreferencesState } from "@/shared/lead-preferences";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, getJson, type MutationCallbacks, requestJson } from "@/web/lib/api";
import { queryKeys } from "@/web/lib/query-keys";

const URL = "/api/companies/me/lead-preferences";

/** The preferences, with the leads of the last 7 days and whether they pause the leads or are full. */
export const leadPreferencesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.leads.preferences(),
    queryFn: () => getJson<LeadPreferencesState>(URL),
  });

/** The six preferences of a state, as a PUT sends them. */
export function preferencesOf(state: LeadPreferencesState): LeadPreferencesInput {
  const { industries, minBudget, countries, remoteOnly, weeklyCapacity, pausedUntil } = state;
  return { industries, minBudget, countries, remoteOnly, weeklyCapacity, pausedUntil };
}

/** PUT: the whole set; its answer (the new counts and flags with it) replaces what was read. */
export function useSaveLeadPreferences() {
  const queryClient = useQueryClient();
  const { queryKey } = leadPreferencesQueryOptions();
  return useMutation({
    mutationFn: (input: LeadPreferencesInput) => requestJson<LeadPreferencesState>("PUT", URL, input),
    // A read still on its way holds the preferences before this save: it must not land after it (decision 169).
    onMutate: () => queryClient.cancelQueries({ queryKey }),
    onSuccess: (saved) => queryClient.setQueryData(queryKey, saved),
  });
}

/** "Resume now": the saved preferences as they are, without the return date. */
export function useResumeLeads() {
  const save = useSaveLeadPreferences();
  return {
    isPending: save.isPending,
    resume: (
      state: LeadPreferencesState,
      { onSuccess }: Pick<MutationCallbacks<LeadPreferencesState>, "onSuccess"> = {},
    ) =>
      save.mutate(
        { ...preferencesOf(state), pausedUntil: null },
        {
          onSuccess: (saved) => {
            toast({ title: "Leads Resumed", description: "New leads that fit your preferences reach you again." });
            onSuccess?.(saved);
          },
          onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
        },
      ),
  };
}
