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
} from "@/shared/page-meta";
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

/** index.html with the page's title and description written in; unchanged without meta. */
export function renderWebPage(template: string, meta: PageMeta | undefined): string {
  if (!meta) return template;
  let html = template.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(documentTitle(meta.title))}</title>`);
  html = setMetaContent(html, "name", "description", meta.description);
  html = setMetaContent(html, "property", "og:title", meta.title);
  html = setMetaContent(html, "property", "og:description", meta.description);
  return html;
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
export function webPages(webRoot: string): {
  page: (
    pathname: string,
    cookies: Record<string, string | undefined>,
    encoding: PageEncoding,
  ) => Promise<Buffer | string>;
} {
  const pages = new Map<string, Promise<Page>>();
  const load = async (file: string, meta: PageMeta | undefined): Promise<Page> => {
    const html = renderWebPage(await fs.promises.readFile(path.join(webRoot, file), "utf8"), meta);
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
  const cached = (file: string, meta: PageMeta | undefined, key: string) => {
    let page = pages.get(key);
    if (!page) {
      page = load(file, meta);
      pages.set(key, page);
      // A failed read (no prerendered file) is tried again next time rather than remembered.
      page.catch(() => pages.delete(key));
    }
    return page;
  };
  return {
    async page(pathname, cookies, encoding) {
      const meta = publicPageMetaFor(pathname);
      const metaKey = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
      const prerendered = prerenderedPathOf(metaKey);
      const signedIn = cookies[SESSION_COOKIE] !== undefined;
      let page: Page | undefined;
      if (prerendered && !(prerendered === "/" && signedIn)) {
        const file = path.join(PRERENDERED_DIR, prerenderedFileName(prerendered));
        page = await cached(file, meta, `prerendered ${prerendered}`).catch(() => undefined);
      }
      page ??= await cached("index.html", meta, `shell ${meta ? metaKey : ""}`);
      return encoding === "identity" ? page.html : page[encoding];
    },
  };
}
