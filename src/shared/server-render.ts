// What the server asks of the renderer the web build leaves in dist/web-ssr (decision 138): the
// renderer knows the pages, their addresses and the API read each needs; the server makes that read
// through its own routes, and writes the HTML, the meta and the data into the page it sends.
import type { PageMeta } from "./page-meta";
import type { StructuredData } from "./structured-data";

export type ServerRenderedPage = {
  /** The page's HTML, for inside #root. */
  html: string;
  /** The query cache's state after the render, for the browser to start from (JSON-safe). */
  data: unknown;
  meta: PageMeta;
  /** The page's one address (for `<link rel="canonical">`): its slug as stored, its filters in one order. */
  canonicalPath: string;
  /** schema.org data for the page's head; its `url` is made the canonical address, absolute. */
  structuredData?: StructuredData;
};

export type ServerRenderer = {
  /** The API read (a GET path with its query) the page at `url` shows, or null for a page not rendered by the server. */
  apiReadFor: (url: string) => string | null;
  /** The page at `url` with the API's answer to `apiReadFor(url)` (a 200). */
  render: (url: string, answer: unknown) => Promise<ServerRenderedPage>;
};
