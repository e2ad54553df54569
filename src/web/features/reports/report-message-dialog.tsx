// The "Report" dialog a party opens on a message of the other side (decision 134): why (one of the
// reasons), an optional note, Submit. The conversation's thread mounts it; an admin reads the report.
import { type FormEvent, useId, useState } from "react";
import {
  MESSAGE_REPORT_NOTE_MAX,
  MESSAGE_REPORT_REASON_LABELS,
  MESSAGE_REPORT_REASONS,
  type MessageReportReason,
} from "@/shared/conversations";
import { REPORT_THANKS_MESSAGE } from "@/shared/reports";
import { Button } from "@/web/components/ui/button";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@/web/components/ui/dialog";
import { Field, FieldGroup } from "@/web/components/ui/field";
import { Textarea } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { useReportMessage } from "./api";

export type ReportMessageDialogProps = {
  /** The message reported: one the other side wrote. */
  messageId: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
};

export function ReportMessageDialog({ messageId, open, onOpenChange }: ReportMessageDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        {/* Mounted only while open: each opening starts with an empty form. */}
        {open ? <ReportForm messageId={messageId} onDone={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  );
}

function ReportForm({ messageId, onDone }: { messageId: number; onDone: () => void }) {
  const report = useReportMessage(messageId);
  const [reason, setReason] = useState<MessageReportReason | null>(null);
  const [note, setNote] = useState("");
  const [missing, setMissing] = useState(false);
  const name = useId();

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (!reason) {
      setMissing(true);
      return;
    }
    const trimmed = note.trim();
    report.mutate(
      { reason, ...(trimmed ? { note: trimmed } : {}) },
      {
        onSuccess: () => {
          toast({ title: "Message reported", description: REPORT_THANKS_MESSAGE });
          onDone();
        },
      },
    );
  };

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <DialogHeader>
        <DialogTitle>Report this message</DialogTitle>
        <DialogDescription>
          Our team will read the conversation and act on it. The other side is not told who reported it.
        </DialogDescription>
      </DialogHeader>
      <FieldGroup legend="Why are you reporting it?" error={missing && !reason ? "Choose a reason." : undefined}>
        <div className="space-y-2">
          {MESSAGE_REPORT_REASONS.map((r) => (
            <label key={r} className="flex items-center gap-3 text-sm text-slate-800">
              <input
                type="radio"
                name={name}
                value={r}
                checked={reason === r}
                onChange={() => setReason(r)}
                className="h-4 w-4 accent-blue-600"
              />
              {MESSAGE_REPORT_REASON_LABELS[r]}
            </label>
          ))}
        </div>
      </FieldGroup>
      <Field label="Anything to add?" optional hint="What happened, in a few words.">
        {(control) => (
          <Textarea
            {...control}
            value={note}
            maxLength={MESSAGE_REPORT_NOTE_MAX}
            onChange={(e) => setNote(e.target.value)}
          />
        )}
      </Field>
      {report.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(report.error)}
        </p>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone} disabled={report.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={report.isPending}>
          {report.isPending ? "Sending..." : "Submit report"}
        </Button>
      </DialogFooter>
    </form>
  );
}
