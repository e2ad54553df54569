// What an upload is, from its content (decision 176): file-type reads the signature of binary formats
// (PDF, PNG, JPEG, WebP, the zip-based office formats, Visio, zip, XML); text, which has no signature,
// is valid UTF-8 without NUL bytes and must carry one of text's extensions (.txt, .csv, .xml, .bpmn).
// The name and the browser's claimed type never decide the type, but the name must agree with it.
import { fileTypeFromBuffer } from "file-type";
import { ACCEPTED_FILE_TYPES, FILE_MESSAGES, type FileKind } from "@/shared/files";

/** How much of the start of a file is kept for detection: enough for the office formats' first entries. */
export const SAMPLE_BYTES = 128 * 1024;

export type DetectedType = { ok: true; mime: string; kind: FileKind } | { ok: false; message: string };

const byMime = new Map<string, (typeof ACCEPTED_FILE_TYPES)[number]>(ACCEPTED_FILE_TYPES.map((t) => [t.mime, t]));

function extensionOf(name: string): string {
  const dot = name.lastIndexOf(".");
  return dot < 0 ? "" : name.slice(dot + 1).toLowerCase();
}

function isText(sample: Buffer): boolean {
  if (sample.includes(0)) return false;
  try {
    // `stream: true`: a character cut at the sample's end is not an error.
    new TextDecoder("utf-8", { fatal: true }).decode(sample, { stream: true });
    return true;
  } catch {
    return false;
  }
}

/**
 * The accepted type of a file whose first bytes are `sample`, or why it is refused. The name must end
 * in one of its type's extensions: what a browser or a desktop makes of a file follows its name, so a
 * PDF named .html, or XML named .svg, is refused.
 */
export async function detectFileType(sample: Buffer, name: string): Promise<DetectedType> {
  const refused = { ok: false, message: FILE_MESSAGES.refusedType(name) } as const;
  const extension = extensionOf(name);
  const found = await fileTypeFromBuffer(sample);
  if (found) {
    const accepted = byMime.get(found.mime);
    if (!accepted) return refused;
    const extensions: readonly string[] = accepted.extensions;
    if (!extensions.includes(extension)) {
      return { ok: false, message: FILE_MESSAGES.wrongExtension(name, accepted.extensions[0]) };
    }
    return { ok: true, mime: accepted.mime, kind: accepted.kind };
  }
  if (!isText(sample)) return refused;
  const text = ACCEPTED_FILE_TYPES.find(
    (t) =>
      (t.mime.startsWith("text/") || t.mime === "application/xml") &&
      (t.extensions as readonly string[]).includes(extension),
  );
  if (!text) return refused;
  // An .xml or .bpmn file is XML only if it looks like it; file-type recognises one with a declaration.
  if (text.mime === "application/xml" && !sample.toString("utf8", 0, 512).trimStart().startsWith("<")) return refused;
  return { ok: true, mime: text.mime, kind: text.kind };
}

// Control characters, and the direction marks and overrides that make "invoice\u202Efdp.exe" read as
// "invoiceexe.pdf".
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
const UNSAFE_IN_NAMES = /[\u0000-\u001f\u007f"\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A name safe to store and to send back: no folders, no control characters or direction overrides, at most FILE_NAME_MAX characters. */
export function cleanFileName(raw: string, max: number): string {
  const base = raw.split(/[/\\]/).pop() ?? "";
  const cleaned = base.replace(UNSAFE_IN_NAMES, "").trim() || "file";
  if (cleaned.length <= max) return cleaned;
  const extension = extensionOf(cleaned);
  const keep = extension.length > 0 && extension.length < 10 ? `.${extension}` : "";
  return `${cleaned.slice(0, max - keep.length)}${keep}`;
}
