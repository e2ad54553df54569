// One dialog for an act that asks why: a provider declining a lead, a party reporting a message, an
// admin hiding, suspending, dismissing or rejecting a provider. The reason is picked from a list or written, with an optional
// note; the act itself (its request, its toast) stays with the caller. Deleting the account asks for a
// password instead of a reason, so it takes only the frame (DialogForm).
import { type FormEvent, type ReactNode, useId, useState } from "react";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "@/web/components/ui/dialog";
import { Field, FieldGroup } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/form-controls";

type Opening =
  /** The button that opens the dialog; omitted when the caller opens it (`open`). */
  { trigger?: ReactNode; open: boolean; onOpenChange: (open: boolean) => void };

type DialogFormProps = Opening & {
  title: string;
  description: ReactNode;
  /** The fields, between the header and the buttons. */
  children: ReactNode;
  onSubmit: (e: FormEvent) => void;
  pending: boolean;
  confirmLabel: string;
  pendingLabel: string;
  cancelLabel?: string;
  destructive?: boolean;
  /** Why the act failed, read out under the fields. */
  error?: string;
};

/**
 * A dialog that is one form: title, description, fields, Cancel and the act's button. While the act is
 * under way neither Cancel nor Escape closes it, so its outcome is not lost.
 */
export function DialogForm({
  trigger,
  open,
  onOpenChange,
  title,
  description,
  children,
  onSubmit,
  pending,
  confirmLabel,
  pendingLabel,
  cancelLabel = "Cancel",
  destructive = false,
  error,
}: DialogFormProps) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next && pending) return;
        onOpenChange(next);
      }}
    >
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          {children}
          {error ? (
            <p role="alert" className="text-sm text-red-700">
              {error}
            </p>
          ) : null}
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)} disabled={pending}>
              {cancelLabel}
            </Button>
            <Button type="submit" variant={destructive ? "destructive" : "default"} disabled={pending}>
              {pending ? pendingLabel : confirmLabel}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

type ReasonValue<R extends string> = { reason: R | null; text: string };

/** What the caller does with what was given: close the dialog once the act succeeded, or name what is wrong. */
type ReasonOutcome = { close: () => void; fail: (field: "reason" | "text", message: string) => void };

type ReasonDialogProps<R extends string> = Partial<Opening> &
  Pick<
    DialogFormProps,
    "title" | "description" | "pending" | "confirmLabel" | "pendingLabel" | "destructive" | "error"
  > & {
    /** The reasons to pick one from; without them the reason is written in the text field. */
    choices?: { legend: string; values: readonly R[]; labels: Record<R, string> };
    label: string;
    /** False: the text is an optional note. */
    required?: boolean;
    /** What an empty required text says; "Write a reason." unless given. */
    requiredMessage?: string;
    hint?: ReactNode;
    placeholder?: string;
    maxLength: number;
    /** Called with the trimmed text once a required text is there. */
    onConfirm: (value: ReasonValue<R>, outcome: ReasonOutcome) => void;
  };

type Fault = { field: "reason" | "text"; message: string };

export function ReasonDialog<R extends string = never>({
  trigger,
  open: givenOpen,
  onOpenChange: givenOnOpenChange,
  choices,
  label,
  required = true,
  requiredMessage = "Write a reason.",
  hint,
  placeholder,
  maxLength,
  onConfirm,
  ...frame
}: ReasonDialogProps<R>) {
  const [ownOpen, setOwnOpen] = useState(false);
  const [reason, setReason] = useState<R | null>(null);
  const [text, setText] = useState("");
  const [fault, setFault] = useState<Fault | undefined>();
  const radioName = useId();
  const open = givenOpen ?? ownOpen;

  // Each opening starts with an empty form.
  const onOpenChange = (next: boolean) => {
    if (!next) {
      setReason(null);
      setText("");
      setFault(undefined);
    }
    setOwnOpen(next);
    givenOnOpenChange?.(next);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (required && !trimmed) {
      setFault({ field: "text", message: requiredMessage });
      return;
    }
    onConfirm(
      { reason, text: trimmed },
      { close: () => onOpenChange(false), fail: (field, message) => setFault({ field, message }) },
    );
  };

  return (
    <DialogForm {...frame} trigger={trigger} open={open} onOpenChange={onOpenChange} onSubmit={onSubmit}>
      {choices ? (
        <FieldGroup legend={choices.legend} error={fault?.field === "reason" && !reason ? fault.message : undefined}>
          <div className="space-y-2">
            {choices.values.map((r) => (
              <label key={r} className="flex items-center gap-3 text-sm text-slate-800">
                <input
                  type="radio"
                  name={radioName}
                  value={r}
                  checked={reason === r}
                  onChange={() => {
                    setReason(r);
                    setFault(undefined);
                  }}
                  className="h-4 w-4 accent-blue-600"
                />
                {choices.labels[r]}
              </label>
            ))}
          </div>
        </FieldGroup>
      ) : null}
      <Field
        label={label}
        optional={!required}
        required={required}
        hint={hint}
        error={fault?.field === "text" && (!required || !text.trim()) ? fault.message : undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            value={text}
            maxLength={maxLength}
            placeholder={placeholder}
            onChange={(e) => setText(e.target.value)}
          />
        )}
      </Field>
    </DialogForm>
  );
}
