// The box to write a message: Enter sends, Shift+Enter starts a new line; a counter shows near the
// limit; the server's answer is shown when it refuses.
import { SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useId, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "@/shared/conversations";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/form-controls";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { useSendMessage } from "./api";
import { COUNTER_FROM_LEFT } from "./thread-model";

export function MessageComposer({ leadId, counterpartName }: { leadId: number; counterpartName: string }) {
  const [body, setBody] = useState("");
  const send = useSendMessage(leadId);
  const id = useId();
  const length = body.trim().length;
  const left = MESSAGE_MAX_LENGTH - length;
  const canSend = length > 0 && left >= 0 && !send.isPending;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    send.mutate({ body }, { onSuccess: () => setBody("") });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    // Enter while an input method composes a word ends the word, not the message.
    if (e.key === "Enter" && !e.shiftKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      submit();
    }
  };

  return (
    <form onSubmit={submit} className="space-y-1.5" data-testid="message-composer">
      <label htmlFor={`${id}-body`} className="text-sm font-medium text-slate-900">
        Message {counterpartName}
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id={`${id}-body`}
          value={body}
          onChange={(e) => {
            setBody(e.target.value);
            if (send.isError) send.reset();
          }}
          onKeyDown={onKeyDown}
          readOnly={send.isPending}
          rows={2}
          aria-describedby={`${id}-hint ${id}-counter`}
          aria-invalid={left < 0 || send.isError}
          className="min-h-[2.75rem] flex-1 resize-y"
        />
        <Button type="submit" disabled={!canSend} aria-label={`Send message to ${counterpartName}`}>
          <SendHorizontal className="h-4 w-4" aria-hidden="true" />
          {send.isPending ? "Sending..." : "Send"}
        </Button>
      </div>
      <div className="flex flex-wrap justify-between gap-2 text-xs">
        <p id={`${id}-hint`} className="text-slate-600">
          Press Enter to send, Shift+Enter for a new line.
        </p>
        <p
          id={`${id}-counter`}
          className={cn("tabular-nums", left < 0 ? "font-medium text-red-700" : "text-slate-600")}
          data-testid="message-counter"
        >
          {left < 0
            ? `${-left} characters over the limit of ${MESSAGE_MAX_LENGTH}`
            : left <= COUNTER_FROM_LEFT
              ? `${left} characters left`
              : ""}
        </p>
      </div>
      {send.isError ? (
        <p role="alert" className="text-sm text-red-700" data-testid="message-send-error">
          Your message was not sent: {errorMessage(send.error)}
        </p>
      ) : null}
    </form>
  );
}
