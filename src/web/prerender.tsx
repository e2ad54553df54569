// The build's prerender (decision 121): scripts/build-web.ts bundles this for Node with Vite and renders
// each marketing page to HTML, which the browser then hydrates (main.tsx) with the same tree: the light
// one for most pages (app/marketing-app.tsx), the App for the others. Same first render: signed out,
// session and public settings still loading.
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { PrerenderedPagePath } from "@/shared/page-meta";
import { App } from "./app/app";
import { lightPagePath, MarketingApp } from "./app/marketing-app";

async function renderOnce(path: PrerenderedPagePath): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      {lightPagePath(path) ? (
        <MarketingApp path={path} />
      ) : (
        <App router={(pages) => <StaticRouter location={path}>{pages}</StaticRouter>} prerendered />
      )}
    </StrictMode>,
    { onError: (error) => void errors.push(error), progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (errors.length > 0) throw new AggregateError(errors, `Prerendering ${path} failed`);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * The HTML inside #root for `path`, once every lazy part has loaded; any render error fails the build.
 * No part is left for an inline script to move into place (the Content-Security-Policy refuses those):
 * React does that for parts it waited for, or that are larger than its chunk size, which is lifted.
 */
export async function renderPage(path: PrerenderedPagePath): Promise<string> {
  const html = await renderOnce(path);
  if (html.includes("<script")) throw new Error(`Prerendering ${path} wrote an inline script`);
  return html;
}
