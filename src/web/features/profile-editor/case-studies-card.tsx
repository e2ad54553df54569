// Settings, for providers (issue 17, decision 140): the case studies the public profile shows, added,
// edited and deleted here; at most CASE_STUDIES_MAX.
import { useState } from "react";
import { CASE_STUDIES_MAX, type CaseStudy, type CaseStudyInput } from "@/shared/providers";
import { INDUSTRY_LABELS } from "@/shared/quote-request-options";
import type { PublicUser } from "@/shared/users";
import { AddItemPanel } from "@/web/components/add-item-panel";
import { RetryAlert } from "@/web/components/list-states";
import { ConfirmButton } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, fieldIssues } from "@/web/lib/api";
import { useCompanyCardQuery } from "@/web/lib/company-card-query";
import { caseStudiesQueryOptions, useDeleteCaseStudy, useSaveCaseStudy } from "./api";
import { CaseStudyForm, caseStudyToFormValues } from "./case-study-form";

/** What the card is doing: showing the list, adding one, or editing the one with this id. */
type Editing = null | "new" | number;

export function CaseStudiesCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const [{ data, isError, error, refetch }, hidden] = useCompanyCardQuery(caseStudiesQueryOptions(), user);
  const [editing, setEditing] = useState<Editing>(null);
  const save = useSaveCaseStudy();
  const remove = useDeleteCaseStudy({
    onSuccess: () => toast({ title: "Case Study Deleted", description: "It no longer shows on your profile." }),
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
  });
  if (hidden) return null;

  const submit = (id: number | null) => async (values: CaseStudyInput) => {
    try {
      await save.mutateAsync({ id, values });
    } catch (err) {
      // A 400 naming fields is shown at them by the form; anything else (the limit, a case study gone) here.
      if (fieldIssues(err).length === 0)
        toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
      throw err;
    }
    setEditing(null);
    toast({
      title: id === null ? "Case Study Added" : "Case Study Saved",
      description: "Your profile shows it.",
    });
  };

  const list = data ?? [];
  const full = list.length >= CASE_STUDIES_MAX;
  return (
    <Card data-testid="case-studies-card">
      <CardHeader>
        <CardTitle as="h2">Case Studies</CardTitle>
        <CardDescription>
          Projects you delivered, shown on your public profile: up to {CASE_STUDIES_MAX}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {isError ? (
          <RetryAlert error={error} what="Your case studies" onRetry={() => void refetch()} />
        ) : (
          <>
            {list.length === 0 && editing !== "new" ? (
              <p className="text-sm text-slate-600">No case studies yet. Add a project you are proud of.</p>
            ) : null}
            <ul className="space-y-3" aria-label="Your case studies">
              {list.map((caseStudy) =>
                editing === caseStudy.id ? (
                  <li key={caseStudy.id} className="rounded-md border border-slate-200 p-4">
                    <h3 className="mb-4 font-medium text-slate-900">Edit “{caseStudy.title}”</h3>
                    <CaseStudyForm
                      idPrefix={`case-study-${caseStudy.id}`}
                      defaultValues={caseStudyToFormValues(caseStudy)}
                      onSubmit={submit(caseStudy.id)}
                      onCancel={() => setEditing(null)}
                      isPending={save.isPending}
                      submitLabel="Save Case Study"
                    />
                  </li>
                ) : (
                  <CaseStudyItem
                    key={caseStudy.id}
                    caseStudy={caseStudy}
                    onEdit={() => setEditing(caseStudy.id)}
                    onDelete={() => remove.mutate(caseStudy.id)}
                    deleting={remove.isPending && remove.variables === caseStudy.id}
                  />
                ),
              )}
            </ul>
            <AddItemPanel
              adding={editing === "new"}
              title="New case study"
              addLabel="Add Case Study"
              onAdd={() => setEditing("new")}
              full={full}
              fullNote={
                <>Your profile holds {CASE_STUDIES_MAX} case studies, the most it can: delete one to add another.</>
              }
            >
              <CaseStudyForm
                idPrefix="case-study-new"
                onSubmit={submit(null)}
                onCancel={() => setEditing(null)}
                isPending={save.isPending}
                submitLabel="Add Case Study"
              />
            </AddItemPanel>
          </>
        )}
      </CardContent>
    </Card>
  );
}

function CaseStudyItem({
  caseStudy,
  onEdit,
  onDelete,
  deleting,
}: {
  caseStudy: CaseStudy;
  onEdit: () => void;
  onDelete: () => void;
  deleting: boolean;
}) {
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 rounded-md border border-slate-200 p-4">
      <div className="min-w-0 space-y-1">
        <h3 className="font-medium text-slate-900">{caseStudy.title}</h3>
        <p className="text-sm text-slate-600">
          {INDUSTRY_LABELS[caseStudy.industry]}
          {caseStudy.figures.length > 0
            ? ` · ${caseStudy.figures.map((f) => `${f.label}: ${f.value}`).join(" · ")}`
            : ""}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${caseStudy.title}`}>
          Edit
        </Button>
        <ConfirmButton
          label="Delete"
          busyLabel="Deleting..."
          busy={deleting}
          ariaLabel={`Delete ${caseStudy.title}`}
          size="sm"
          title="Delete this case study?"
          description={`“${caseStudy.title}” will no longer show on your public profile. This cannot be undone.`}
          confirmLabel="Delete Case Study"
          onConfirm={onDelete}
        />
      </div>
    </li>
  );
}
