// The Content-Disposition of a download (RFC 6266): an ASCII `filename` every client reads, and the
// real name in `filename*` (UTF-8) when it differs. The library's own fallback is Latin-1, which a
// header read as bytes (and S3's presigned `response-content-disposition`) turns into other letters.
import contentDisposition from "content-disposition";

export function dispositionOf(fileName: string, type: "attachment" | "inline"): string {
  const ascii = fileName.replace(/[^\x20-\x7e]/g, "_");
  return contentDisposition(fileName, { type, fallback: ascii });
}
