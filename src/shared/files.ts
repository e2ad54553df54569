// Files (issue 33, decision 176): process documents on a request, attachments in a thread's messages, a
// proposal on a quote. A file is uploaded on its own first (POST /api/files, the body is the file), then
// attached by its id to what the person sends; an upload never attached is swept after a day. The
// limits, the accepted types and every message a person reads about a file, for both sides.
import { z } from "zod";

/** The largest file: a scanned process document or a proposal deck fits, a screen recording does not. */
export const FILE_MAX_BYTES = 25 * 1024 * 1024;
/** Files on one request, one message or one quote. */
export const FILES_PER_ITEM = 10;
/** Uploads waiting to be attached, per person: room for three full forms, not for a store of files. */
export const PENDING_FILES_MAX = 30;
/** Uploads one person may run at once on one server process (each holds a connection); the browser runs 3. */
export const UPLOADS_AT_ONCE_MAX = 6;
/** An upload not attached to anything within this time is deleted. */
export const PENDING_FILE_HOURS = 24;

/** What a file is, from its content: each kind has its icon and its label in the browser. */
export const FILE_KINDS = [
  "pdf",
  "image",
  "document",
  "spreadsheet",
  "presentation",
  "diagram",
  "archive",
  "text",
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/**
 * The accepted types. `mime` is what the content was detected as (file-type's answer, or text), and
 * `extensions` the names a browser may pick before upload; the server decides from the content alone,
 * except that text (which has no signature) must carry one of its extensions.
 */
export const ACCEPTED_FILE_TYPES = [
  { mime: "application/pdf", extensions: ["pdf"], kind: "pdf" },
  { mime: "image/png", extensions: ["png"], kind: "image" },
  { mime: "image/jpeg", extensions: ["jpg", "jpeg"], kind: "image" },
  { mime: "image/webp", extensions: ["webp"], kind: "image" },
  {
    mime: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
    extensions: ["docx"],
    kind: "document",
  },
  {
    mime: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    extensions: ["xlsx"],
    kind: "spreadsheet",
  },
  {
    mime: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
    extensions: ["pptx"],
    kind: "presentation",
  },
  { mime: "application/vnd.visio", extensions: ["vsdx"], kind: "diagram" },
  { mime: "application/zip", extensions: ["zip"], kind: "archive" },
  { mime: "application/xml", extensions: ["xml", "bpmn"], kind: "diagram" },
  { mime: "text/csv", extensions: ["csv"], kind: "spreadsheet" },
  { mime: "text/plain", extensions: ["txt"], kind: "text" },
] as const satisfies readonly { mime: string; extensions: readonly string[]; kind: FileKind }[];

/** The `accept` of a file input: what the picker offers (the server still checks the content). */
export const FILE_INPUT_ACCEPT = ACCEPTED_FILE_TYPES.flatMap((t) => t.extensions.map((e) => `.${e}`)).join(",");

/** Images a page may show inline (a thumbnail); every other file is only ever a download. */
export const INLINE_IMAGE_MIMES: readonly string[] = ["image/png", "image/jpeg", "image/webp"];

export const ACCEPTED_TYPES_TEXT =
  "PDF, images (PNG, JPEG, WebP), Word, Excel and PowerPoint documents (.docx, .xlsx, .pptx), CSV, plain text, ZIP, BPMN/XML and Visio (.vsdx)";

/** "2.4 MB", "830 KB": sizes as a person reads them. */
export function formatFileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  const mb = bytes / (1024 * 1024);
  return `${mb < 10 ? mb.toFixed(1) : Math.round(mb)} MB`;
}

export const FILE_MESSAGES = {
  tooLarge: (name: string) => `"${name}" is larger than 25 MB. Each file can be at most 25 MB.`,
  tooMany: `You can attach at most ${FILES_PER_ITEM} files.`,
  refusedType: (name: string) => `"${name}" is not a type of file we accept. You can attach ${ACCEPTED_TYPES_TEXT}.`,
  infected: (name: string) => `"${name}" was refused: the virus scanner found malware in it.`,
  scannerDown: "Files cannot be checked for viruses right now, so none can be added. Try again in a few minutes.",
  wrongExtension: (name: string, extension: string) =>
    `"${name}" is a .${extension} file, but its name does not say so. Rename it to end in .${extension} and add it again.`,
  tooManyAtOnce: `You are uploading ${UPLOADS_AT_ONCE_MAX} files already. Wait for one of them to finish.`,
  empty: (name: string) => `"${name}" is empty.`,
  nameRequired: "Name the file: add ?name= with its file name.",
  tooManyPending: `You have ${PENDING_FILES_MAX} files uploaded and not yet sent. Send or remove some of them first.`,
  unknownFile: "One of the files is no longer available. Remove it and upload it again.",
  removedByAdmin: "Removed by an administrator",
  noLongerEditable: "Files can no longer be added to this request.",
  requestClosed: "This request is closed: its files stay with it.",
  sent: "A file sent in a message or with a quote stays with it.",
  applicationDocument: "A document sent with your company's application stays with it.",
  stillUploading: "This file is still uploading. Cancel the upload instead.",
} as const;

/** The longest file name kept; a longer one is shortened, keeping its extension. */
export const FILE_NAME_MAX = 200;

/** A file as every list shows it. `url` downloads it; `previewUrl` (images only) shows it in a page. */
export const storedFileSchema = z.object({
  id: z.string(),
  name: z.string(),
  size: z.number().int(),
  contentType: z.string(),
  kind: z.enum(FILE_KINDS),
  url: z.string(),
  previewUrl: z.string().nullable(),
  createdAt: z.string(),
  /** Removed by an administrator: the name and the content are gone, the place stays. */
  removed: z.boolean(),
});
export type StoredFile = z.infer<typeof storedFileSchema>;

/** The ids of uploads to attach: on a request, a message or a quote. */
export const fileIdsSchema = z
  .array(z.uuid({ error: "must be a file id from POST /api/files" }), { error: "must be a list of file ids" })
  .max(FILES_PER_ITEM, FILE_MESSAGES.tooMany);

/** POST /api/files?name= */
export const uploadFileQuerySchema = z.object({
  name: z
    .string({ error: FILE_MESSAGES.nameRequired })
    .trim()
    .min(1, FILE_MESSAGES.nameRequired)
    .max(1000, "The file name is too long."),
});

export const fileParamsSchema = z.object({ id: z.uuid({ error: "must be a file id" }) });

/** GET /api/files/{id}?preview=1 shows an image in the page instead of downloading it. */
export const downloadFileQuerySchema = z.object({ preview: z.enum(["1"]).optional() });

/** POST /api/quote-requests/{id}/files: the client adds files to a request already sent. */
export const attachFilesSchema = z.object({ fileIds: fileIdsSchema.min(1, "Choose at least one file.") });

/** DELETE /api/admin/files/{id}: why an administrator removed a file, for the activity log. */
export const removeFileSchema = z.object({
  reason: z.string().trim().max(500, "A reason can be at most 500 characters.").optional(),
});

/** The path a file downloads from, and shows from when it is an image. */
export const filePath = (id: string) => `/api/files/${id}`;

/** The files of a request, as POST /api/quote-requests/{id}/files answers. */
export const fileListSchema = z.object({ files: z.array(storedFileSchema) });
