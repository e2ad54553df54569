// The request as the client entered it, section by section (the wizard's steps). Shared by the
// client's request page and the provider's lead page; contact details only when the reader may see them.
import type { ReactNode } from "react";
import { countryName } from "@/shared/countries";
import type { QuoteRequestDetail } from "@/shared/quote-requests";
import { SectionCard } from "@/web/components/ui/card";
import { GoalBadge } from "./goal-badge";
import {
  documentationLabel,
  frequencyLabel,
  industryLabel,
  locationPreferenceLabel,
  ndaLabel,
  timelineLabel,
  timePerTaskLabel,
  triggerTypeLabel,
  volumeLabel,
  workplaceLabel,
} from "./labels";

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-2">{children}</dl>
    </SectionCard>
  );
}

/** One answer; optional answers left empty read "Not given". */
function Item({ label, children, wide }: { label: string; children: ReactNode; wide?: boolean }) {
  const empty = children === undefined || children === null || children === "";
  return (
    <div className={wide ? "sm:col-span-2" : undefined}>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className={empty ? "text-sm italic text-slate-600" : "whitespace-pre-line text-sm text-slate-900"}>
        {empty ? "Not given" : children}
      </dd>
    </div>
  );
}

export function RequestSections({ request }: { request: QuoteRequestDetail }) {
  const r = request.requirements;
  return (
    <>
      <Section title="Your Process">
        <Item label="Description" wide>
          {request.description}
        </Item>
        <Item label="Goals" wide>
          <span className="flex flex-wrap gap-2">
            {request.automationTypes.map((g) => (
              <GoalBadge key={g} goal={g} />
            ))}
          </span>
        </Item>
        <Item label="Frequency">{frequencyLabel(r.frequency)}</Item>
        <Item label="Industry">{industryLabel(request.industry)}</Item>
        <Item label="Volume">{volumeLabel(r.volume)}</Item>
        <Item label="Time per task">{timePerTaskLabel(r.timePerTask)}</Item>
      </Section>

      <Section title="Your Systems">
        <Item label="Systems">{r.systems.join(", ")}</Item>
        <Item label="System types">{r.systemTypes.join(", ")}</Item>
        <Item label="Trigger">{triggerTypeLabel(r.triggerType)}</Item>
      </Section>

      <Section title="What Needs Automating">
        <Item label="Tasks to automate" wide>
          {r.tasksToAutomate}
        </Item>
        <Item label="Tasks that stay manual" wide>
          {r.manualTasks}
        </Item>
        <Item label="Exceptions" wide>
          {r.exceptions}
        </Item>
      </Section>

      <Section title="Timeline & Budget">
        <Item label="Timeline">{timelineLabel(request.timeline)}</Item>
        <Item label="Budget">{request.budgetRange}</Item>
        <Item label="Process documented">{documentationLabel(r.hasDocumentation)}</Item>
      </Section>

      <Section title="Preferences">
        <Item label="NDA required">{ndaLabel(r.requiresNDA)}</Item>
        <Item label="Provider location">{locationPreferenceLabel(r.locationPreference)}</Item>
        {/* Asked since issue 32, optional: older requests and clients who skipped them have no row. */}
        {r.country ? <Item label="Client's country">{countryName(r.country)}</Item> : null}
        {r.workplace ? <Item label="On site">{workplaceLabel(r.workplace)}</Item> : null}
        <Item label="Additional information" wide>
          {r.additionalInfo}
        </Item>
      </Section>

      {r.fullName !== undefined ? (
        <Section title="Contact">
          <Item label="Full name">{r.fullName}</Item>
          <Item label="Email">{r.email}</Item>
          <Item label="Company">{r.companyName}</Item>
          <Item label="Department">{r.department}</Item>
          <Item label="Location">{r.location}</Item>
        </Section>
      ) : null}
    </>
  );
}
