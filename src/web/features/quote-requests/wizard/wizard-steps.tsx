// The six steps' fields (spec section 3, "Wizard data").
import { type ReactNode, useMemo } from "react";
import { useFormContext } from "react-hook-form";
import { countryOptions } from "@/shared/countries";
import { DESCRIPTION_MAX } from "@/shared/quote-request-limits";
import {
  BUDGETS,
  FREQUENCIES,
  FREQUENCY_LABELS,
  GOALS,
  HAS_DOCUMENTATION,
  HAS_DOCUMENTATION_LABELS,
  INDUSTRIES,
  INDUSTRY_LABELS,
  LOCATION_PREFERENCE_LABELS,
  LOCATION_PREFERENCES,
  REQUIRES_NDA,
  REQUIRES_NDA_LABELS,
  SYSTEM_TYPES,
  SYSTEMS,
  TIMELINE_LABELS,
  TIMELINES,
  TRIGGER_TYPE_LABELS,
  TRIGGER_TYPES,
  WORKPLACE_LABELS,
  WORKPLACES,
} from "@/shared/quote-request-options";
import { FileDropZone } from "@/web/components/files/file-drop-zone";
import type { FileUploads } from "@/web/components/files/use-file-uploads";
import { RoiEstimate } from "@/web/components/quote-request/roi-estimate";
import { TimePerTaskField, VolumeField } from "./quantity-fields";
import {
  CheckboxGroupField,
  ConsentField,
  type Option,
  RadioGroupField,
  SelectField,
  TextAreaField,
  TextField,
} from "./wizard-fields";
import type { WizardFormValues } from "./wizard-form";

const options = <T extends string>(values: readonly T[], labels?: Record<T, string>): Option[] =>
  values.map((v) => ({ value: v, label: labels ? labels[v] : v }));

function AboutYouStep() {
  const countries = useMemo(() => countryOptions().map((c) => ({ value: c.code, label: c.name })), []);
  return (
    <div className="grid gap-5 sm:grid-cols-2">
      <TextField name="fullName" label="Full name" autoComplete="name" />
      <TextField name="email" label="Work email" type="email" autoComplete="email" />
      <TextField name="companyName" label="Company name" autoComplete="organization" />
      <SelectField name="industry" label="Industry" options={options(INDUSTRIES, INDUSTRY_LABELS)} />
      <TextField name="location" label="Location" placeholder="City, country" autoComplete="address-level2" />
      <SelectField name="country" label="Country" optional options={countries} placeholder="Not specified" />
      <TextField name="department" label="Department" optional placeholder="e.g. Finance, Operations" />
    </div>
  );
}

function YourProcessStep() {
  return (
    <div className="space-y-5">
      <TextField name="processName" label="Process name" placeholder="e.g. Supplier invoice processing" />
      <TextAreaField
        name="processDescription"
        label="Process description"
        hint="What happens today, step by step, and who does it."
        maxLength={DESCRIPTION_MAX}
      />
      <CheckboxGroupField
        name="goals"
        legend="Goals"
        hint="Select all that apply."
        options={options(GOALS)}
        columns={3}
      />
      <RadioGroupField
        name="frequency"
        legend="How often does the process run?"
        options={options(FREQUENCIES, FREQUENCY_LABELS)}
      />
      <VolumeField />
      <TimePerTaskField />
    </div>
  );
}

function YourSystemsStep() {
  return (
    <div className="space-y-5">
      <CheckboxGroupField
        name="systems"
        legend="Systems involved"
        hint="Select every system the process touches."
        options={options(SYSTEMS)}
        columns={3}
      />
      <CheckboxGroupField name="systemTypes" legend="System types" options={options(SYSTEM_TYPES)} columns={3} />
      <RadioGroupField
        name="triggerType"
        legend="What starts the process?"
        options={options(TRIGGER_TYPES, TRIGGER_TYPE_LABELS)}
        columns={3}
      />
    </div>
  );
}

function WhatNeedsAutomatingStep() {
  return (
    <div className="space-y-5">
      <TextAreaField
        name="tasksToAutomate"
        label="Tasks to automate"
        hint="The steps you want a machine to do."
        placeholder="e.g. Read each invoice, match its PO number, enter it in the accounting system."
      />
      <TextAreaField name="manualTasks" label="Tasks that stay manual" optional hint="Steps a person should keep." />
      <TextAreaField
        name="exceptions"
        label="Exceptions"
        optional
        hint="Cases that do not follow the usual path, and what happens then."
      />
    </div>
  );
}

/** What every step is given: the wizard's uploads, which outlive the step that shows them. */
export type WizardStepProps = { uploads: FileUploads };

function TimelineBudgetStep({ uploads }: WizardStepProps) {
  return (
    <div className="space-y-5">
      <RadioGroupField
        name="hasDocumentation"
        legend="Is the process documented?"
        options={options(HAS_DOCUMENTATION, HAS_DOCUMENTATION_LABELS)}
        columns={3}
      />
      {/* Not in the spec (issue 33): the documents themselves, sent as fileIds beside its fields. */}
      <FileDropZone
        uploads={uploads}
        label="Process documents"
        optional
        hint="Process maps, sample documents, screenshots: PDF, images, Office documents, CSV, text, ZIP, BPMN or Visio, up to 25 MB each and 10 in all. Matched providers see them."
      />
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField name="timeline" label="Timeline" options={options(TIMELINES, TIMELINE_LABELS)} />
        <SelectField name="budget" label="Budget" optional options={options(BUDGETS)} placeholder="Not specified" />
      </div>
    </div>
  );
}

function FinalPreferencesStep() {
  const { watch } = useFormContext<WizardFormValues>();
  const [frequency, volume, timePerTask] = watch(["frequency", "volume", "timePerTask"]);
  return (
    <div className="space-y-5">
      <RadioGroupField
        name="requiresNDA"
        legend="Do providers need to sign an NDA?"
        options={options(REQUIRES_NDA, REQUIRES_NDA_LABELS)}
      />
      <RadioGroupField
        name="locationPreference"
        legend="Provider location"
        options={options(LOCATION_PREFERENCES, LOCATION_PREFERENCE_LABELS)}
        columns={3}
      />
      <RadioGroupField
        name="workplace"
        legend="Does the work need someone on site?"
        optional
        hint="Left unanswered, providers read it as work that can be done remotely."
        options={options(WORKPLACES, WORKPLACE_LABELS)}
      />
      <TextAreaField name="additionalInfo" label="Anything else providers should know?" optional />
      <RoiEstimate frequency={frequency} volume={volume} timePerTask={timePerTask} headingLevel="h3" />
      <ConsentField />
    </div>
  );
}

export const WIZARD_STEP_COMPONENTS = [
  AboutYouStep,
  YourProcessStep,
  YourSystemsStep,
  WhatNeedsAutomatingStep,
  TimelineBudgetStep,
  FinalPreferencesStep,
] as const satisfies readonly ((props: WizardStepProps) => ReactNode)[];
