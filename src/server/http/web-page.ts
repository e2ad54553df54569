// The single-page app's HTML, with the title and description of the public page asked for written in,
// so that search engines and link previews (whose crawlers do not run JavaScript) see them.
import { documentTitle, isPublicPagePath, type PageMeta, PUBLIC_PAGE_META } from "@/shared/page-meta";
import { escapeHtml } from "./escape-html";

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
