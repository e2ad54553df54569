// An admin act that needs a reason (hiding a message, suspending an account) or takes an optional note
// (dismissing a report): the reason is kept with the act and in the activity log.
import { type FormEvent, type ReactNode, useState } from "react";
import { MODERATION_REASON_MAX } from "@/shared/reports";
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
import { Field } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/form-controls";

export function ReasonDialog({
  trigger,
  title,
  description,
  label,
  required = true,
  confirmLabel,
  pendingLabel,
  pending,
  destructive = false,
  onConfirm,
}: {
  trigger: ReactNode;
  title: string;
  description: ReactNode;
  label: string;
  /** False: the text is an optional note. */
  required?: boolean;
  confirmLabel: string;
  pendingLabel: string;
  pending: boolean;
  destructive?: boolean;
  /** Called with the trimmed text; `done` closes the dialog (on success). */
  onConfirm: (text: string, done: () => void) => void;
}) {
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [missing, setMissing] = useState(false);
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    const trimmed = text.trim();
    if (required && !trimmed) {
      setMissing(true);
      return;
    }
    onConfirm(trimmed, () => {
      setOpen(false);
      setText("");
      setMissing(false);
    });
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>{trigger}</DialogTrigger>
      <DialogContent>
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>{title}</DialogTitle>
            <DialogDescription>{description}</DialogDescription>
          </DialogHeader>
          <Field
            label={label}
            optional={!required}
            required={required}
            error={missing && !text.trim() ? "Write a reason." : undefined}
          >
            {(control) => (
              <Textarea
                {...control}
                value={text}
                maxLength={MODERATION_REASON_MAX}
                onChange={(e) => setText(e.target.value)}
              />
            )}
          </Field>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => setOpen(false)} disabled={pending}>
              Cancel
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
