// The foot of a list the user adds to, up to a limit (case studies, webhook endpoints, API tokens).
import { Plus } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/web/components/ui/button";

/**
 * While adding, the new item's form in a box under its title; else the button that opens it, turned off
 * once the list holds the most it can, with a note that says so.
 */
export function AddItemPanel({
  adding,
  title,
  addLabel,
  onAdd,
  full,
  fullNote,
  children,
}: {
  adding: boolean;
  /** Over the form: "New endpoint". */
  title: string;
  /** The button's text: "Add Endpoint". */
  addLabel: string;
  onAdd: () => void;
  full: boolean;
  /** Under the button at the limit: what to do to add another. */
  fullNote: ReactNode;
  /** The form. */
  children: ReactNode;
}) {
  return adding ? (
    <div className="rounded-md border border-slate-200 p-4">
      <h3 className="mb-4 font-medium text-slate-900">{title}</h3>
      {children}
    </div>
  ) : (
    <div className="space-y-2">
      <Button onClick={onAdd} disabled={full}>
        <Plus className="h-4 w-4" aria-hidden="true" />
        {addLabel}
      </Button>
      {full ? <p className="text-sm text-slate-600">{fullNote}</p> : null}
    </div>
  );
}
