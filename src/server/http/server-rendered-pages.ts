// The provider directory and profiles, rendered by the server for each request (decision 138): the
// web build's renderer (dist/web-ssr) says which API read a page needs, the server makes that read
// through its own routes (the same rules and serializer as the browser's read), and the renderer draws
// the page with the answer. Without the renderer (API tests, `npm run dev` before a build) these pages
// go out as the app's shell, as before.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyBaseLogger } from "fastify";
import { PATHS } from "@/shared/paths";
import type { ServerRenderer } from "@/shared/server-render";
import { SESSION_COOKIE } from "./session";
import { renderWebPage, writeServerRenderedPage } from "./web-page";

export type ApiRead = (url: string) => Promise<{ statusCode: number; body: string }>;

export type RenderedPage = { status: 200 | 404; html: string };

const NOT_FOUND_META = {
  title: "Provider Not Found",
  description: "No provider has this address: it may have changed its address, or its profile is not public.",
};

/** Whether the server renders the page at `pathname` itself (the renderer may still decline). */
export function isServerRenderedPath(pathname: string): boolean {
  return pathname === PATHS.providers || pathname.startsWith(`${PATHS.providers}/`);
}

function isServerRenderer(value: unknown): value is ServerRenderer {
  const renderer = value as Partial<ServerRenderer> | undefined;
  return typeof renderer?.apiReadFor === "function" && typeof renderer.render === "function";
}

export function serverRenderedPages(options: {
  /** The renderer's module: dist/web-ssr/prerender.js beside the web build. */
  entry: string;
  webRoot: string;
  appUrl: string;
  read: ApiRead;
  log: FastifyBaseLogger;
}): { render: (url: string, cookies: Record<string, string | undefined>) => Promise<RenderedPage | null> } {
  let renderer: Promise<ServerRenderer | null> | undefined;
  let template: Promise<string> | undefined;
  const loadRenderer = () => {
    renderer ??= fs.existsSync(options.entry)
      ? import(pathToFileURL(options.entry).href).then(
          (module: { serverRenderer?: unknown }) =>
            isServerRenderer(module.serverRenderer) ? module.serverRenderer : null,
          (error: unknown) => {
            options.log.error({ err: error }, "the web build's server renderer could not be loaded");
            return null;
          },
        )
      : Promise.resolve(null);
    return renderer;
  };
  const loadTemplate = () => {
    template ??= fs.promises.readFile(path.join(options.webRoot, "index.html"), "utf8");
    template.catch(() => {
      template = undefined;
    });
    return template;
  };

  return {
    /** The page's HTML and status, or null when the shell should go out instead. */
    async render(url, cookies) {
      const found = await loadRenderer();
      const apiRead = found?.apiReadFor(url);
      if (!found || !apiRead) return null;
      const answer = await options.read(apiRead);
      if (answer.statusCode === 404) {
        // The owner of a profile not yet public reads its preview, which only the browser (with the
        // session) asks for; a visitor gets a 404, and the app shows its not-found page.
        if (cookies[SESSION_COOKIE] !== undefined) return null;
        return { status: 404, html: renderWebPage(await loadTemplate(), NOT_FOUND_META) };
      }
      // Anything else (a refused filter, a failure) is the browser's to show, as on any other page.
      if (answer.statusCode !== 200) return null;
      try {
        const page = await found.render(url, JSON.parse(answer.body));
        return { status: 200, html: writeServerRenderedPage(await loadTemplate(), page, options.appUrl) };
      } catch (error) {
        options.log.error({ err: error, url }, "server rendering failed; the app's shell went out instead");
        return null;
      }
    },
  };
}
