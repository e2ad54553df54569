// The request page's files (issue 33): the process documents sent with the request, and, while it is
// open or matched, "Add files" (uploads, then attached by their ids) and a removal for each file.
import { Paperclip } from "lucide-react";
import { useState } from "react";
import { FILES_PER_ITEM, type StoredFile } from "@/shared/files";
import { canCancel } from "@/shared/quote-request-status";
import type { QuoteRequestDetail } from "@/shared/quote-requests";
import { AttachmentList } from "@/web/components/files/attachment-list";
import { FileDropZone } from "@/web/components/files/file-drop-zone";
import { useFileUploads } from "@/web/components/files/use-file-uploads";
import { ConfirmDialog } from "@/web/components/ui/alert-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { useAttachRequestFiles, useRemoveRequestFile } from "./api";

const filesWord = (n: number) => (n === 1 ? "1 file" : `${n} files`);

export function RequestFiles({ request, isOwner }: { request: QuoteRequestDetail; isOwner: boolean }) {
  const files = request.files ?? [];
  const editable = isOwner && canCancel(request.status);
  const room = FILES_PER_ITEM - files.filter((f) => !f.removed).length;
  const [adding, setAdding] = useState(false);
  const [toRemove, setToRemove] = useState<StoredFile | null>(null);
  const uploads = useFileUploads({ max: room });
  const attach = useAttachRequestFiles(request.id);
  const remove = useRemoveRequestFile(request.id);
  const ready = uploads.uploaded.length;

  const attachUploaded = () =>
    attach.mutate(
      uploads.uploaded.map((f) => f.id),
      {
        onSuccess: () => {
          uploads.reset();
          setAdding(false);
          toast({ title: "Files added", description: `${filesWord(ready)} added to your request.` });
        },
        onError: (err) =>
          toast({ title: "The files could not be added", description: errorMessage(err), variant: "destructive" }),
      },
    );

  return (
    <Card data-testid="request-files">
      <CardHeader className="flex-row flex-wrap items-center justify-between gap-3 pb-3">
        <CardTitle as="h2" className="text-base">
          Files
        </CardTitle>
        {editable && !adding && room > 0 ? (
          <Button variant="outline" size="sm" onClick={() => setAdding(true)}>
            <Paperclip className="h-4 w-4" aria-hidden="true" />
            Add files
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="space-y-4">
        <AttachmentList
          files={files}
          label="Files of this request"
          emptyText={
            editable
              ? "No files yet. Process maps, sample documents and screenshots help providers quote."
              : "No files were attached."
          }
          onRemove={editable ? setToRemove : undefined}
          removingId={remove.isPending ? remove.variables?.id : null}
        />
        {adding ? (
          <div className="space-y-3 border-t border-slate-200 pt-4">
            <FileDropZone
              uploads={uploads}
              label="Add files to this request"
              hint={`PDF, images, Office documents, CSV, text, ZIP, BPMN or Visio; up to 25 MB each. This request can take ${filesWord(room)} more.`}
            />
            <div className="flex flex-wrap justify-end gap-3">
              <Button
                variant="outline"
                disabled={attach.isPending}
                onClick={() => {
                  uploads.discard();
                  setAdding(false);
                }}
              >
                Cancel
              </Button>
              <Button disabled={uploads.busy || ready === 0 || attach.isPending} onClick={attachUploaded}>
                {attach.isPending
                  ? "Adding..."
                  : ready > 0
                    ? `Add ${filesWord(ready)} to the request`
                    : "Add to the request"}
              </Button>
            </div>
          </div>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={toRemove !== null}
        onOpenChange={(open) => {
          if (!open) setToRemove(null);
        }}
        title="Remove this file?"
        description={`"${toRemove?.name ?? ""}" will be removed from your request, and providers will no longer see it.`}
        confirmLabel="Remove file"
        cancelLabel="Keep file"
        pending={remove.isPending}
        pendingLabel="Removing..."
        onConfirm={() => {
          if (!toRemove) return;
          remove.mutate(toRemove, {
            onSuccess: () => {
              setToRemove(null);
              toast({ title: "File removed", description: `"${toRemove.name}" was removed from your request.` });
            },
            onError: (err) => {
              setToRemove(null);
              toast({ title: "The file could not be removed", description: errorMessage(err), variant: "destructive" });
            },
          });
        }}
      />
    </Card>
  );
}
