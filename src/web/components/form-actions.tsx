import { Button } from "@/web/components/ui/button";

/**
 * The buttons under a form opened in place (a case study, a webhook endpoint, an API token): submit,
 * which says so while the form is being sent, and Cancel; both off meanwhile.
 */
export function FormActions({
  pending,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  pending: boolean;
  submitLabel: string;
  /** In place of the submit label while the form is being sent: "Saving...". */
  pendingLabel: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex flex-wrap gap-3">
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      <Button type="button" variant="outline" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
    </div>
  );
}
