// Where a person adds files to what they are writing: drop them on the zone, or "Choose files" (a
// button, so the keyboard reaches it; the file input itself stays hidden). Each file shows its progress,
// then "Uploaded" or why it was refused, and a button that removes it. The state lives in the caller's
// useFileUploads, so that it outlives the zone (a wizard's step left and come back to).
import { CheckCircle2, Upload, X } from "lucide-react";
import { type DragEvent, useEffect, useId, useRef, useState } from "react";
import { FILE_INPUT_ACCEPT, FILE_MAX_BYTES, FILES_PER_ITEM, formatFileSize } from "@/shared/files";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { FileKindIcon } from "./file-kind-icon";
import type { FileUploads, UploadItem } from "./use-file-uploads";

const DEFAULT_HINT = `PDF, images, Office documents, CSV, text, ZIP, BPMN or Visio; up to ${formatFileSize(FILE_MAX_BYTES)} each, at most ${FILES_PER_ITEM} files.`;

function UploadRow({ item, onRemove }: { item: UploadItem; onRemove: () => void }) {
  const errorId = useId();
  return (
    <li
      className={cn(
        "rounded-md border bg-white p-3",
        item.status === "failed" ? "border-red-300 bg-red-50" : "border-slate-200",
      )}
      data-testid="upload-item"
    >
      <div className="flex items-start gap-3">
        <FileKindIcon kind={item.kind} className="mt-0.5" />
        <div className="min-w-0 flex-1">
          <p className="break-words text-sm font-medium text-slate-900">{item.name}</p>
          <p className="text-xs text-slate-600">
            {formatFileSize(item.size)}
            {item.status === "uploading" ? ` · Uploading ${Math.round(item.progress * 100)}%` : null}
            {item.status === "uploaded" ? (
              <span className="ml-1 inline-flex items-center gap-1 text-green-800">
                · <CheckCircle2 className="h-3.5 w-3.5" aria-hidden="true" /> Uploaded
              </span>
            ) : null}
          </p>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="-mr-1 -mt-1 h-9 w-9 shrink-0"
          onClick={onRemove}
          aria-label={`Remove ${item.name}`}
          aria-describedby={item.error ? errorId : undefined}
        >
          <X className="h-4 w-4" aria-hidden="true" />
        </Button>
      </div>
      {item.status === "uploading" ? (
        <div
          role="progressbar"
          aria-label={`Uploading ${item.name}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(item.progress * 100)}
          className="mt-2 h-1.5 w-full overflow-hidden rounded-full bg-slate-200"
        >
          <div
            className="h-full rounded-full bg-blue-600 transition-all"
            style={{ width: `${item.progress * 100}%` }}
          />
        </div>
      ) : null}
      {item.error ? (
        <p id={errorId} role="alert" className="mt-2 text-sm text-red-700">
          {item.error}
        </p>
      ) : null}
    </li>
  );
}

export function FileDropZone({
  uploads,
  label,
  optional,
  hint = DEFAULT_HINT,
  disabled,
  className,
}: {
  uploads: FileUploads;
  /** Names the zone and its input: "Process documents". */
  label: string;
  /** Adds " (optional)" to the label. */
  optional?: boolean;
  hint?: string;
  disabled?: boolean;
  className?: string;
}) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const [dragging, setDragging] = useState(false);
  // After a removal the focus goes to the file that took its place, or the one before, or the button.
  const [focusAt, setFocusAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusAt === null) return;
    setFocusAt(null);
    const buttons = list.current?.querySelectorAll<HTMLButtonElement>("button[aria-label^='Remove ']");
    const target = buttons?.[Math.min(focusAt, buttons.length - 1)];
    (target ?? document.getElementById(`${id}-choose`))?.focus();
  }, [focusAt, id]);

  const onDrop = (e: DragEvent<HTMLFieldSetElement>) => {
    e.preventDefault();
    setDragging(false);
    if (!disabled) uploads.add(Array.from(e.dataTransfer.files));
  };
  const onDragOver = (e: DragEvent<HTMLFieldSetElement>) => {
    e.preventDefault();
    e.dataTransfer.dropEffect = disabled ? "none" : "copy";
    if (!disabled) setDragging(true);
  };
  const onDragLeave = (e: DragEvent<HTMLFieldSetElement>) => {
    if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDragging(false);
  };

  return (
    <div className={cn("space-y-3", className)}>
      <fieldset
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onDrop={onDrop}
        onDragOver={onDragOver}
        onDragEnter={onDragOver}
        onDragLeave={onDragLeave}
        data-testid="file-drop-zone"
        className={cn(
          "flex min-w-0 flex-col items-center gap-2 rounded-lg border-2 border-dashed px-4 py-6 text-center transition-colors",
          dragging ? "border-blue-500 bg-blue-50" : "border-slate-300 bg-slate-50",
          disabled && "opacity-60",
        )}
      >
        <Upload className="h-6 w-6 text-slate-500" aria-hidden="true" />
        <p id={`${id}-label`} className="text-sm font-medium text-slate-800">
          {label}
          {optional ? <span className="font-normal text-slate-600"> (optional)</span> : null}
        </p>
        <p className="text-sm text-slate-600">Drag files here, or</p>
        <Button
          id={`${id}-choose`}
          type="button"
          variant="outline"
          size="sm"
          disabled={disabled}
          onClick={() => input.current?.click()}
          aria-describedby={`${id}-hint`}
        >
          Choose files
        </Button>
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
        <input
          ref={input}
          type="file"
          multiple
          hidden
          accept={FILE_INPUT_ACCEPT}
          aria-label={label}
          disabled={disabled}
          onChange={(e) => {
            uploads.add(Array.from(e.target.files ?? []));
            // The same file may be chosen again after it was removed.
            e.target.value = "";
          }}
        />
      </fieldset>
      {uploads.notice ? (
        <p role="alert" className="text-sm text-red-700">
          {uploads.notice}
        </p>
      ) : null}
      {uploads.items.length > 0 ? (
        <ul ref={list} className="space-y-2" aria-label={`${label}: files`}>
          {uploads.items.map((item, i) => (
            <UploadRow
              key={item.key}
              item={item}
              onRemove={() => {
                uploads.remove(item.key);
                setFocusAt(i);
              }}
            />
          ))}
        </ul>
      ) : null}
      <p className="sr-only" aria-live="polite">
        {uploads.announcement}
      </p>
    </div>
  );
}
