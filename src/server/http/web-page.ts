// The single-page app's HTML, with the title and description of the public page asked for written in,
// so that search engines and link previews (whose crawlers do not run JavaScript) see them.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import {
  documentTitle,
  isPublicPagePath,
  type PageMeta,
  PRERENDERED_DIR,
  PRERENDERED_PAGE_PATHS,
  type PrerenderedPagePath,
  PUBLIC_PAGE_META,
  prerenderedFileName,
  SERVER_DATA_ELEMENT_ID,
} from "@/shared/page-meta";
import type { ServerRenderedPage } from "@/shared/server-render";
import { PAGE_STRUCTURED_DATA, type StructuredData } from "@/shared/structured-data";
import { escapeHtml } from "./escape-html";
import { SESSION_COOKIE } from "./session";

function setMetaContent(html: string, attr: "name" | "property", key: string, content: string): string {
  const pattern = new RegExp(`<meta ${attr}="${key}" content="[^"]*"\\s*/?>`);
  const tag = `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  // A function replacement, so that `$` in the text is not read as a group reference.
  return pattern.test(html) ? html.replace(pattern, () => tag) : html.replace("</head>", () => `  ${tag}\n</head>`);
}

/** The meta of the public page at `pathname` (a trailing slash ignored), or undefined for any other path. */
export function publicPageMetaFor(pathname: string): PageMeta | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return isPublicPagePath(path) ? PUBLIC_PAGE_META[path] : undefined;
}

/** The page's one address, absolute: the canonical link and og:url. */
function setCanonical(html: string, url: string): string {
  const canonical = `<link rel="canonical" href="${escapeHtml(url)}" />`;
  const withLink = /<link rel="canonical"[^>]*>/.test(html)
    ? html.replace(/<link rel="canonical"[^>]*>/, () => canonical)
    : html.replace("</head>", () => `  ${canonical}\n</head>`);
  return setMetaContent(withLink, "property", "og:url", url);
}

/** schema.org data for search engines, as JSON-LD at the end of the head (a data block: nothing runs). */
function addStructuredData(html: string, data: StructuredData): string {
  return html.replace("</head>", () => `  <script type="application/ld+json">${jsonForScript(data)}</script>\n</head>`);
}

/**
 * index.html with the page's title and description written in, its canonical address and its
 * structured data when given; unchanged without meta.
 */
export function renderWebPage(
  template: string,
  meta: PageMeta | undefined,
  extra: { canonicalUrl?: string | undefined; structuredData?: StructuredData | undefined } = {},
): string {
  if (!meta) return template;
  let html = template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(meta.title))}</title>`);
  html = setMetaContent(html, "name", "description", meta.description);
  html = setMetaContent(html, "property", "og:title", meta.title);
  html = setMetaContent(html, "property", "og:description", meta.description);
  if (extra.canonicalUrl) html = setCanonical(html, extra.canonicalUrl);
  return extra.structuredData ? addStructuredData(html, extra.structuredData) : html;
}

/** A request for a file of the prerendered folder: those pages go out through `webPages`, with their meta. */
export function isPrerenderedFile(pathname: string): boolean {
  return pathname.startsWith(`/${PRERENDERED_DIR}/`);
}

function prerenderedPathOf(path: string): PrerenderedPagePath | undefined {
  return PRERENDERED_PAGE_PATHS.find((p) => p === path);
}

export type PageEncoding = "br" | "gzip" | "identity";

/** The best of brotli, gzip and none that an Accept-Encoding header allows (a `q=0` refuses one). */
export function pageEncodingFor(acceptEncoding: string | undefined): PageEncoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name) accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (allows("br")) return "br";
  if (allows("gzip")) return "gzip";
  return "identity";
}

type Page = { html: string; br: Buffer; gzip: Buffer };

/**
 * The HTML of each page of the built app in `webRoot`: a marketing page's prerendered HTML when the build
 * wrote one (decision 121), else index.html; the public pages' meta written in. `/` shows the welcome
 * dashboard to someone signed in, so a request with a session cookie gets the app's shell there rather
 * than a landing it would replace. Each page is compressed once, at the highest levels, like the assets
 * (decision 119): there are only as many as the public paths, plus the shell.
 */
export function webPages(
  webRoot: string,
  /** The product's public address, for each public page's canonical link (read when a page is first sent). */
  appUrl: () => string,
): {
  page: (
    pathname: string,
    cookies: Record<string, string | undefined>,
    encoding: PageEncoding,
    /** The request's query string, without the `?` ("" for none). */
    query?: string,
  ) => Promise<Buffer | string>;
} {
  const pages = new Map<string, Promise<Page>>();
  const load = async (file: string, meta: PageMeta | undefined, pagePath: string): Promise<Page> => {
    const template = await fs.promises.readFile(path.join(webRoot, file), "utf8");
    const html = renderWebPage(template, meta, {
      canonicalUrl: meta ? new URL(pagePath, appUrl()).href : undefined,
      structuredData: PAGE_STRUCTURED_DATA[pagePath],
    });
    const raw = Buffer.from(html);
    return {
      html,
      br: zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      }),
      gzip: zlib.gzipSync(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
    };
  };
  const cached = (file: string, meta: PageMeta | undefined, pagePath: string, key: string) => {
    let page = pages.get(key);
    if (!page) {
      page = load(file, meta, pagePath);
      pages.set(key, page);
      // A failed read (no prerendered file) is tried again next time rather than remembered.
      page.catch(() => pages.delete(key));
    }
    return page;
  };
  return {
    async page(pathname, cookies, encoding, query = "") {
      const meta = publicPageMetaFor(pathname);
      const metaKey = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      const prerendered = prerenderedPathOf(metaKey);
      const signedIn = cookies[SESSION_COOKIE] !== undefined;
      let page: Page | undefined;
      // The sign-in page reads its query (where to go after it, which its links carry on): its
      // prerendered HTML, made without one, is for the address without one (decision 160).
      const queryRead = prerendered === "/login" && query !== "";
      if (prerendered && !(prerendered === "/" && signedIn) && !queryRead) {
        const file = path.join(PRERENDERED_DIR, prerenderedFileName(prerendered));
        page = await cached(file, meta, metaKey, `prerendered ${prerendered}`).catch(() => undefined);
      }
      page ??= await cached("index.html", meta, metaKey, `shell ${meta ? metaKey : ""}`);
      return encoding === "identity" ? page.html : page[encoding];
    },
  };
}

/**
 * Data for a `<script type="application/json">`: JSON with every `<` written as `\u003c`, so that no
 * text in it (a provider named `</script>`, an `<!--`) can end the element or start anything else in the
 * HTML. JSON.parse reads it back unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value)
    .replaceAll("<", "\\u003c")
    .replaceAll("\u2028", "\\u2028")
    .replaceAll("\u2029", "\\u2029");
}

const ROOT_ELEMENT = '<div id="root"></div>';

/**
 * A page the server rendered with its data (decision 138): index.html with the page's meta, its one
 * address (canonical link and og:url, absolute on `appUrl`), its HTML in #root, and the query data the
 * browser starts from in a JSON element beside it (not run as a script, so the CSP allows it).
 */
export function writeServerRenderedPage(template: string, page: ServerRenderedPage, appUrl: string): string {
  const canonicalUrl = new URL(page.canonicalPath, appUrl).href;
  const html = renderWebPage(template, page.meta, {
    canonicalUrl,
    structuredData: page.structuredData && { ...page.structuredData, url: canonicalUrl },
  });
  if (!html.includes(ROOT_ELEMENT)) throw new Error(`index.html has no empty ${ROOT_ELEMENT}`);
  return html.replace(
    ROOT_ELEMENT,
    () =>
      `<div id="root">${page.html}</div><script type="application/json" id="${SERVER_DATA_ELEMENT_ID}">${jsonForScript(page.data)}</script>`,
  );
}

/**
 * A page rendered for one request, compressed at levels fast enough to do per request (brotli 5, gzip 6:
 * a few milliseconds for such a page; the prerendered pages, made once, get the highest).
 */
export function compressPage(html: string, encoding: PageEncoding): Buffer | string {
  if (encoding === "identity") return html;
  const raw = Buffer.from(html);
  return encoding === "br"
    ? zlib.brotliCompressSync(raw, {
        params: {
          [zlib.constants.BROTLI_PARAM_QUALITY]: 5,
          [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
          [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        },
      })
    : zlib.gzipSync(raw, { level: 6 });
}
