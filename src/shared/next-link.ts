// Reading the `Link: <…>; rel="next"` header of a list's page (decision 104). Apart from paging.ts, whose
// zod schemas the browser's HTTP client must not pull into the first load (decision 120).

/** The next page's address in a Link header, or null on the last page. */
export function nextLink(header: string | null): string | null {
  if (!header) return null;
  for (const part of header.split(",")) {
    const m = /^\s*<([^>]*)>\s*;\s*rel="?next"?\s*$/i.exec(part);
    if (m?.[1]) return m[1];
  }
  return null;
}
