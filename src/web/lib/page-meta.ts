import { useEffect } from "react";
import { documentTitle, PUBLIC_PAGE_META, type PublicPagePath } from "@/shared/page-meta";

function setMeta(attr: "name" | "property", key: string, content: string): void {
  let el = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`);
  if (!el) {
    el = document.createElement("meta");
    el.setAttribute(attr, key);
    document.head.appendChild(el);
  }
  el.content = content;
}

/** Sets the document title and the description used by search engines and link previews. */
export function usePageMeta(title: string, description: string): void {
  useEffect(() => {
    document.title = documentTitle(title);
    setMeta("name", "description", description);
    setMeta("property", "og:title", title);
    setMeta("property", "og:description", description);
  }, [title, description]);
}

/** A public page's meta, from the list the server also writes into the HTML of that path. */
export function usePublicPageMeta(path: PublicPagePath): void {
  const meta = PUBLIC_PAGE_META[path];
  usePageMeta(meta.title, meta.description);
}
