import { Plus, X } from "lucide-react";
import { useFieldArray } from "react-hook-form";
import type { z } from "zod";
import {
  CASE_STUDY_FIGURE_LABEL_MAX,
  CASE_STUDY_FIGURE_VALUE_MAX,
  CASE_STUDY_FIGURES_MAX,
  CASE_STUDY_TEXT_MAX,
  CASE_STUDY_TITLE_MAX,
  type CaseStudy,
  type CaseStudyInput,
  caseStudyInputSchema,
} from "@/shared/providers";
import { INDUSTRIES, INDUSTRY_LABELS } from "@/shared/quote-request-options";
import { FormActions } from "@/web/components/form-actions";
import { Button } from "@/web/components/ui/button";
import { Field, FieldGroup } from "@/web/components/ui/field";
import { Input, NativeSelect, SelectOptions, Textarea } from "@/web/components/ui/form-controls";
import { fieldIssues } from "@/web/lib/api";
import { useSchemaForm } from "@/web/lib/schema-form";

type FormInput = z.input<typeof caseStudyInputSchema>;

const EMPTY: FormInput = {
  title: "",
  industry: "" as FormInput["industry"],
  problem: "",
  solution: "",
  result: "",
  figures: [],
};

export function caseStudyToFormValues(caseStudy: CaseStudy): FormInput {
  return {
    title: caseStudy.title,
    industry: caseStudy.industry,
    problem: caseStudy.problem,
    solution: caseStudy.solution,
    result: caseStudy.result,
    figures: caseStudy.figures,
  };
}

const TEXTS = [
  { name: "problem", label: "Problem", hint: "What the client struggled with before the project." },
  { name: "solution", label: "Solution", hint: "What you built and how." },
  { name: "result", label: "Result", hint: "What changed for the client." },
] as const;

/** A figure's two inputs: what is counted, and how much. */
const FIGURE_PARTS = [
  { name: "label", maxLength: CASE_STUDY_FIGURE_LABEL_MAX, placeholder: "Hours saved a month" },
  { name: "value", maxLength: CASE_STUDY_FIGURE_VALUE_MAX, placeholder: "120" },
] as const;

/** One case study: its title, the client's industry, problem, solution, result and up to four figures. */
export function CaseStudyForm({
  idPrefix,
  defaultValues = EMPTY,
  onSubmit,
  onCancel,
  isPending,
  submitLabel,
}: {
  /** Keeps the ids of two forms on the page apart. */
  idPrefix: string;
  defaultValues?: FormInput;
  /** Resolves when saved; a 400 that names fields is shown at them by the form. */
  onSubmit: (values: CaseStudyInput) => Promise<unknown>;
  onCancel: () => void;
  isPending: boolean;
  submitLabel: string;
}) {
  const form = useSchemaForm(caseStudyInputSchema, defaultValues);
  const figures = useFieldArray({ control: form.control, name: "figures" });
  const errors = form.formState.errors;
  const id = (name: string) => `${idPrefix}-${name}`;

  const submit = (values: CaseStudyInput) =>
    onSubmit(values).catch((err: unknown) => {
      for (const issue of fieldIssues(err)) {
        form.setError(issue.field as keyof FormInput, { message: issue.message });
      }
    });

  return (
    <form onSubmit={form.handleSubmit(submit)} className="space-y-5" noValidate>
      <div className="grid gap-5 md:grid-cols-2">
        <Field id={id("title")} label="Title" error={errors.title?.message}>
          {(control) => <Input {...control} maxLength={CASE_STUDY_TITLE_MAX} {...form.register("title")} />}
        </Field>
        <Field id={id("industry")} label="Client's industry" error={errors.industry?.message}>
          {(control) => (
            <NativeSelect {...control} {...form.register("industry")}>
              <option value="">Select the client's industry</option>
              <SelectOptions options={INDUSTRIES} labels={INDUSTRY_LABELS} />
            </NativeSelect>
          )}
        </Field>
      </div>

      {TEXTS.map((t) => (
        <Field key={t.name} id={id(t.name)} label={t.label} hint={t.hint} error={errors[t.name]?.message}>
          {(control) => <Textarea {...control} rows={3} maxLength={CASE_STUDY_TEXT_MAX} {...form.register(t.name)} />}
        </Field>
      ))}

      <FieldGroup
        id={id("figures")}
        legend="Figures"
        optional
        hint={`Up to ${CASE_STUDY_FIGURES_MAX} results in numbers, such as "Hours saved a month: 120".`}
        error={errors.figures?.message ?? errors.figures?.root?.message}
      >
        {figures.fields.length > 0 ? (
          <ul className="space-y-3">
            {figures.fields.map((f, index) => (
              <li key={f.id} className="grid items-start gap-3 sm:grid-cols-[1fr_1fr_auto]">
                {FIGURE_PARTS.map((part) => (
                  <Field
                    key={part.name}
                    id={id(`figure-${index}-${part.name}`)}
                    label={`Figure ${index + 1} ${part.name}`}
                    error={errors.figures?.[index]?.[part.name]?.message}
                  >
                    {(control) => (
                      <Input
                        {...control}
                        maxLength={part.maxLength}
                        placeholder={part.placeholder}
                        {...form.register(`figures.${index}.${part.name}`)}
                      />
                    )}
                  </Field>
                ))}
                <Button
                  type="button"
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Remove figure ${index + 1}`}
                  onClick={() => figures.remove(index)}
                >
                  <X className="h-4 w-4" aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          disabled={figures.fields.length >= CASE_STUDY_FIGURES_MAX}
          onClick={() => figures.append({ label: "", value: "" })}
        >
          <Plus className="h-4 w-4" aria-hidden="true" />
          Add figure
        </Button>
      </FieldGroup>

      <FormActions pending={isPending} submitLabel={submitLabel} pendingLabel="Saving..." onCancel={onCancel} />
    </form>
  );
}
