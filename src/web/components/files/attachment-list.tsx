// Files already attached to something (a request, a message, a quote), as every page lists them: the
// kind's icon or a small picture of an image, the name (which downloads it), the size, and, where the
// reader may, a button that removes it. A file an administrator removed keeps its place and says so.
import { Download, FileX, X } from "lucide-react";
import { FILE_MESSAGES, formatFileSize, type StoredFile } from "@/shared/files";
import { Button } from "@/web/components/ui/button";
import { cn } from "@/web/lib/cn";
import { FileKindIcon } from "./file-kind-icon";

function Thumbnail({ file }: { file: StoredFile }) {
  if (file.kind === "image" && file.previewUrl) {
    return (
      <img
        src={file.previewUrl}
        alt=""
        loading="lazy"
        className="h-10 w-10 shrink-0 rounded border border-slate-200 bg-slate-50 object-cover"
      />
    );
  }
  return (
    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-slate-100">
      <FileKindIcon kind={file.kind} />
    </span>
  );
}

export function AttachmentList({
  files,
  label,
  emptyText,
  onRemove,
  removingId,
  className,
}: {
  files: readonly StoredFile[];
  /** Names the list for screen readers: "Files of this request". */
  label: string;
  /** Said when there is no file; nothing is shown when not given. */
  emptyText?: string;
  /** Offered on each file the reader may remove. */
  onRemove?: (file: StoredFile) => void;
  /** The file whose removal is under way. */
  removingId?: string | null;
  className?: string;
}) {
  if (files.length === 0) {
    return emptyText ? <p className={cn("text-sm text-slate-600", className)}>{emptyText}</p> : null;
  }
  return (
    <ul className={cn("divide-y divide-slate-200", className)} aria-label={label}>
      {files.map((file) =>
        file.removed ? (
          <li key={file.id} className="flex items-center gap-3 py-2" data-testid="attachment">
            <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded bg-slate-100">
              <FileX className="h-5 w-5 text-slate-500" aria-hidden="true" />
            </span>
            <p className="text-sm italic text-slate-600">{FILE_MESSAGES.removedByAdmin}</p>
          </li>
        ) : (
          <li key={file.id} className="flex items-center gap-3 py-2" data-testid="attachment">
            <Thumbnail file={file} />
            <div className="min-w-0 flex-1">
              <a
                href={file.url}
                download={file.name}
                className="break-words text-sm font-medium text-blue-700 hover:underline"
                aria-label={`Download ${file.name}, ${formatFileSize(file.size)}`}
              >
                {file.name}
                <Download className="ml-1.5 inline h-3.5 w-3.5 align-[-2px]" aria-hidden="true" />
              </a>
              <p className="text-xs text-slate-600">{formatFileSize(file.size)}</p>
            </div>
            {onRemove ? (
              <Button
                type="button"
                variant="ghost"
                size="icon"
                className="h-9 w-9 shrink-0"
                onClick={() => onRemove(file)}
                disabled={removingId === file.id}
                aria-label={`Remove ${file.name}`}
              >
                <X className="h-4 w-4" aria-hidden="true" />
              </Button>
            ) : null}
          </li>
        ),
      )}
    </ul>
  );
}
