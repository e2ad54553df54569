// Settings, for providers (issue 32, decision 171): "Leads I want". Which clients' requests matching may
// send (industries, a minimum budget, countries, remote work only), how many a week, and a holiday; with
// where the provider stands today (the leads of the last 7 days, a pause, the capacity reached).
import {
  isoDay,
  type LeadPreferencesInput,
  type LeadPreferencesState,
  leadPreferencesInputSchema,
  PAUSE_DAYS_MAX,
  WEEKLY_CAPACITY_MAX,
} from "@/shared/lead-preferences";
import { BUDGETS } from "@/shared/quote-request-options";
import type { PublicUser } from "@/shared/users";
import { AnchoredQueryCard } from "@/web/components/anchored-card";
import { CountryPicker } from "@/web/components/country-picker";
import { IndustriesField } from "@/web/components/industries-field";
import { Button } from "@/web/components/ui/button";
import {
  bound,
  CheckboxInputField,
  controlled,
  InputField,
  ListPickerField,
  SelectField,
} from "@/web/components/ui/form-fields";
import { toast } from "@/web/components/ui/use-toast";
import { useCompanyCardQuery } from "@/web/lib/company-card-query";
import { countOf } from "@/web/lib/format";
import { useSchemaForm } from "@/web/lib/schema-form";
import { leadPreferencesQueryOptions, preferencesOf, useSaveLeadPreferences } from "./lead-preferences-api";
import { LEAD_PREFERENCES_ANCHOR, LeadPreferencesNotice } from "./lead-preferences-notice";
import { showAtFields } from "./show-at-fields";

const FIELDS = ["industries", "minBudget", "countries", "remoteOnly", "weeklyCapacity", "pausedUntil"] as const;
const DAY_MS = 24 * 60 * 60 * 1000;

/** An empty box is "none": no minimum, no limit, no pause. */
const isEmpty = (v: unknown) => v === null || v === undefined || String(v).trim() === "";
const nullIfEmpty = (v: unknown) => (isEmpty(v) ? null : String(v));
const numberOrNull = (v: unknown) => (isEmpty(v) ? null : Number(v));

export function LeadPreferencesCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const [query, hidden] = useCompanyCardQuery(leadPreferencesQueryOptions(), user);
  if (hidden) return null;
  return (
    <AnchoredQueryCard
      anchor={LEAD_PREFERENCES_ANCHOR}
      title="Leads I want"
      description="Matching sends you only the requests that fit all of these. Leads you already have stay as they are."
      testId="lead-preferences-card"
      query={query}
      what="Your lead preferences"
    >
      {(state) => <LeadPreferencesForm state={state} />}
    </AnchoredQueryCard>
  );
}

/** "3 of 10 leads in the last 7 days", or without a capacity "3 leads in the last 7 days". */
function leadsThisWeek(state: LeadPreferencesState): string {
  const n = state.leadsLast7Days;
  const counted =
    state.weeklyCapacity === null ? countOf(n, "lead") : `${n} of ${countOf(state.weeklyCapacity, "lead")}`;
  return `${counted} in the last 7 days`;
}

/**
 * The form's values: the saved preferences, less a return date that has come (the pause is over), which
 * the server would refuse when the provider saves something else.
 */
function formValuesOf(state: LeadPreferencesState): LeadPreferencesInput {
  return { ...preferencesOf(state), pausedUntil: state.paused ? state.pausedUntil : null };
}

function LeadPreferencesForm({ state }: { state: LeadPreferencesState }) {
  const form = useSchemaForm(leadPreferencesInputSchema, formValuesOf(state));
  const save = useSaveLeadPreferences();
  // A return date from tomorrow (UTC, as the server counts) to the furthest a pause may reach.
  const now = Date.now();
  const firstReturnDay = isoDay(new Date(now + DAY_MS));
  const lastReturnDay = isoDay(new Date(now + PAUSE_DAYS_MAX * DAY_MS));

  const onSubmit = (values: LeadPreferencesInput) =>
    save.mutate(values, {
      onSuccess: (saved) => {
        form.reset(formValuesOf(saved));
        toast({ title: "Lead Preferences Saved", description: "New leads follow your preferences." });
      },
      onError: (err) => showAtFields(form, err, FIELDS),
    });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
      <div className="space-y-3">
        <p className="text-sm font-medium text-slate-900" data-testid="lead-preferences-count">
          {leadsThisWeek(state)}
        </p>
        <LeadPreferencesNotice state={state} onResumed={() => form.resetField("pausedUntil", { defaultValue: null })} />
      </div>

      <IndustriesField
        {...controlled(form, "industries")}
        id="lead-prefs-industries"
        legend="Client industries"
        hint="Tick none to take requests from every industry."
      />

      <ListPickerField
        {...controlled(form, "countries")}
        id="lead-prefs-countries"
        label="Countries you serve"
        hint="Clients in these countries only; add none to take every country. A client who gives no country still reaches you."
      >
        {(picker) => <CountryPicker {...picker} listLabel="Chosen countries" emptyText="Every country." />}
      </ListPickerField>

      <div className="grid gap-6 sm:grid-cols-2">
        <SelectField
          {...bound(form, "minBudget", { setValueAs: nullIfEmpty })}
          id="lead-prefs-min-budget"
          label="Minimum budget"
          hint="Requests without a budget still reach you."
          emptyOption="Any budget"
          options={BUDGETS}
        />
        <InputField
          {...bound(form, "weeklyCapacity", { setValueAs: numberOrNull })}
          id="lead-prefs-capacity"
          label="Weekly capacity"
          hint="The most new leads in any 7 days. Empty: no limit."
          type="number"
          inputMode="numeric"
          min={1}
          max={WEEKLY_CAPACITY_MAX}
          step={1}
        />
        <InputField
          {...bound(form, "pausedUntil", { setValueAs: nullIfEmpty })}
          id="lead-prefs-paused-until"
          label="On holiday until"
          hint="No new leads before this day. Empty: not paused."
          type="date"
          min={firstReturnDay}
          max={lastReturnDay}
        />
        <CheckboxInputField
          {...bound(form, "remoteOnly")}
          id="lead-prefs-remote-only"
          label="Remote work only"
          hint="No requests whose client needs someone on site."
          className="sm:pt-7"
        />
      </div>

      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? "Saving..." : "Save Lead Preferences"}
      </Button>
    </form>
  );
}
