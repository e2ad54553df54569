import type { FieldValues, Path, UseFormReturn } from "react-hook-form";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage, fieldIssues } from "@/web/lib/api";

/**
 * A 400 that names fields of the form shows at them (an issue about a list's item, "countries.2", at
 * the list); any other failure is a toast.
 */
export function showAtFields<T extends FieldValues>(form: UseFormReturn<T>, err: Error, fields: readonly Path<T>[]) {
  const fieldOf = (issue: string) => fields.find((f) => issue === f || issue.startsWith(`${f}.`));
  const issues = fieldIssues(err).flatMap((i) => {
    const field = fieldOf(i.field);
    return field ? [{ field, message: i.message }] : [];
  });
  if (issues.length === 0) {
    toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
    return;
  }
  for (const issue of issues) form.setError(issue.field, { message: issue.message }, { shouldFocus: true });
}
