// Verification documents on a company application (decision 177): the drop zone with what each upload
// is, for the registration and the edits under review.
import { useState } from "react";
import { FILES_PER_ITEM } from "@/shared/files";
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS, type DocumentInput, type DocumentKind } from "@/shared/vetting";
import { FileDropZone } from "@/web/components/files/file-drop-zone";
import { type FileUploads, useFileUploads } from "@/web/components/files/use-file-uploads";
import { NativeSelect, SelectOptions } from "@/web/components/ui/form-controls";

export type DocumentUploads = {
  uploads: FileUploads;
  kindOf: (fileId: string) => DocumentKind;
  setKind: (fileId: string, kind: DocumentKind) => void;
  /** What the form sends: each uploaded file with its kind. */
  documents: () => DocumentInput[];
};

/** `attached`: how many documents the application has already, of the FILES_PER_ITEM it may hold. */
export function useDocumentUploads(attached = 0): DocumentUploads {
  const uploads = useFileUploads({ max: Math.max(0, FILES_PER_ITEM - attached) });
  const [kinds, setKinds] = useState<Record<string, DocumentKind>>({});
  const kindOf = (fileId: string) => kinds[fileId] ?? "other";
  return {
    uploads,
    kindOf,
    setKind: (fileId, kind) => setKinds((k) => ({ ...k, [fileId]: kind })),
    documents: () => uploads.uploaded.map((f) => ({ fileId: f.id, kind: kindOf(f.id) })),
  };
}

/** The drop zone, and for each uploaded file a choice of what it is. */
export function DocumentsField({ docs }: { docs: DocumentUploads }) {
  return (
    <div className="space-y-3" data-testid="vetting-documents">
      <FileDropZone
        uploads={docs.uploads}
        label="Verification documents"
        optional
        hint="Business registration, insurance, certifications: PDF or images, up to 25 MB each. They speed up our review."
      />
      {docs.uploads.uploaded.length > 0 ? (
        <ul className="space-y-2" aria-label="What each document is">
          {docs.uploads.uploaded.map((file) => (
            <li key={file.id} className="flex flex-wrap items-center gap-2 text-sm">
              <label htmlFor={`kind-${file.id}`} className="min-w-0 flex-1 break-words text-slate-800">
                What is {file.name}?
              </label>
              <NativeSelect
                id={`kind-${file.id}`}
                className="w-56"
                value={docs.kindOf(file.id)}
                onChange={(e) => docs.setKind(file.id, e.target.value as DocumentKind)}
              >
                <SelectOptions options={DOCUMENT_KINDS} labels={DOCUMENT_KIND_LABELS} />
              </NativeSelect>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
