// The box to write a message: Enter sends, Shift+Enter starts a new line; a counter shows near the
// limit; the server's answer is shown when it refuses. "Attach files" opens the drop zone: files upload
// while the person writes and go with the message (decision 176); a message may be files alone.
import { Paperclip, SendHorizontal } from "lucide-react";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { MESSAGE_MAX_LENGTH } from "@/shared/conversations";
import { FILE_MAX_BYTES, FILES_PER_ITEM, formatFileSize } from "@/shared/files";
import { FileDropZone } from "@/web/components/files/file-drop-zone";
import { type FileUploads, type UploadItem, useFileUploads } from "@/web/components/files/use-file-uploads";
import { Button } from "@/web/components/ui/button";
import { Textarea } from "@/web/components/ui/form-controls";
import { errorMessage } from "@/web/lib/api";
import { cn } from "@/web/lib/cn";
import { useSendMessage } from "./api";
import { COUNTER_FROM_LEFT } from "./thread-model";

const ATTACH_HINT = `Up to ${FILES_PER_ITEM} files, ${formatFileSize(FILE_MAX_BYTES)} each: PDF, images, Office documents, CSV, text, ZIP, BPMN or Visio.`;

/** What goes with the message while the zone is closed: "2 files attached, 1 still uploading." */
function filesSummary(items: FileUploads["items"]): string {
  const count = (status: UploadItem["status"]) => items.filter((i) => i.status === status).length;
  const parts = [`${count("uploaded")} ${count("uploaded") === 1 ? "file" : "files"} attached`];
  if (count("uploading") > 0) parts.push(`${count("uploading")} still uploading`);
  if (count("failed") > 0) parts.push(`${count("failed")} refused (open the files to see why)`);
  return `${parts.join(", ")}.`;
}

export function MessageComposer({ leadId, counterpartName }: { leadId: number; counterpartName: string }) {
  const [body, setBody] = useState("");
  const [attaching, setAttaching] = useState(false);
  // Opened from its button, the zone takes the focus on its own "Choose files".
  const [focusZone, setFocusZone] = useState(false);
  const zone = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusZone) return;
    setFocusZone(false);
    zone.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [focusZone]);
  const uploads = useFileUploads();
  const send = useSendMessage(leadId);
  const id = useId();
  const length = body.trim().length;
  const left = MESSAGE_MAX_LENGTH - length;
  const files = uploads.uploaded;
  const canSend = (length > 0 || files.length > 0) && left >= 0 && !uploads.busy && !send.isPending;

  const submit = (e?: FormEvent) => {
    e?.preventDefault();
    if (!canSend) return;
    const fileIds = files.map((f) => f.id);
    send.mutate(
      { body, ...(fileIds.length > 0 ? { fileIds } : {}) },
      {
        onSuccess: () => {
          setBody("");
          // The files belong to the message now: forgotten here, not deleted.
          uploads.reset();
          setAttaching(false);
        },
      },
    );
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
      <div className="flex flex-wrap items-end gap-2">
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
          className="min-h-[2.75rem] min-w-0 flex-1 basis-48 resize-y"
        />
        {/* Under the box in a narrow column, the buttons keep to the right. */}
        <div className="ml-auto flex gap-2">
          <Button
            type="button"
            variant="outline"
            size="icon"
            aria-expanded={attaching}
            aria-controls={`${id}-files`}
            aria-label={files.length > 0 ? `Attach files (${files.length} attached)` : "Attach files"}
            title="Attach files"
            onClick={() => {
              setAttaching(!attaching);
              setFocusZone(!attaching);
            }}
            disabled={send.isPending}
            className="relative"
          >
            <Paperclip className="h-4 w-4" aria-hidden="true" />
            {files.length > 0 ? (
              <span
                aria-hidden="true"
                className="absolute -right-1.5 -top-1.5 flex h-5 min-w-5 items-center justify-center rounded-full bg-blue-700 px-1 text-xs font-semibold text-white"
              >
                {files.length}
              </span>
            ) : null}
          </Button>
          <Button type="submit" disabled={!canSend} aria-label={`Send message to ${counterpartName}`}>
            <SendHorizontal className="h-4 w-4" aria-hidden="true" />
            {send.isPending ? "Sending..." : "Send"}
          </Button>
        </div>
      </div>
      {/* Closed, the zone keeps its files: a line says what goes with the message. */}
      <div id={`${id}-files`} ref={zone}>
        {attaching ? (
          <FileDropZone
            uploads={uploads}
            label={`Files for ${counterpartName}`}
            hint={ATTACH_HINT}
            disabled={send.isPending}
          />
        ) : uploads.items.length > 0 ? (
          <p className="text-sm text-slate-700" data-testid="composer-files-summary">
            {filesSummary(uploads.items)}
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap justify-between gap-2 text-xs">
        <p id={`${id}-hint`} className="text-slate-600">
          {uploads.busy
            ? "Sending waits until your files have uploaded."
            : "Press Enter to send, Shift+Enter for a new line."}
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
