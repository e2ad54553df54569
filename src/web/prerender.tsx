// The build's prerender (decision 121): scripts/build-web.ts bundles this for Node with Vite and renders
// each marketing page to HTML, which the browser then hydrates (main.tsx) with the same tree: the light
// one for most pages (app/marketing-app.tsx), the App for the others. Same first render: signed out,
// session and public settings still loading.
// The same bundle stays in dist/web-ssr as the server's renderer of the provider pages (decision 138):
// `serverRenderer` renders them per request with the API's answer in the query cache.
import { dehydrate } from "@tanstack/react-query";
import { type ReactNode, StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { StaticRouter } from "react-router";
import type { PrerenderedPagePath } from "@/shared/page-meta";
import type { ServerRenderer } from "@/shared/server-render";
import { App } from "./app/app";
import { lightPagePath, MarketingApp } from "./app/marketing-app";
import { createQueryClient } from "./app/query-client";
import { providerPageApiRead, seedProviderPage } from "./features/providers/server-render";

async function renderTree(tree: ReactNode, what: string): Promise<string> {
  const errors: unknown[] = [];
  const { prelude } = await prerenderToNodeStream(<StrictMode>{tree}</StrictMode>, {
    onError: (error) => void errors.push(error),
    progressiveChunkSize: Number.POSITIVE_INFINITY,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  if (errors.length > 0) throw new AggregateError(errors, `Rendering ${what} failed`);
  const html = Buffer.concat(chunks).toString("utf8");
  // No part may be left for an inline script to move into place (the Content-Security-Policy refuses
  // those): React does that for parts it waited for, or that are larger than its chunk size, which is lifted.
  if (html.includes("<script")) throw new Error(`Rendering ${what} wrote an inline script`);
  return html;
}

/** The HTML inside #root for `path`, once every lazy part has loaded; any render error fails the build. */
export async function renderPage(path: PrerenderedPagePath): Promise<string> {
  return renderTree(
    lightPagePath(path) ? (
      <MarketingApp path={path} />
    ) : (
      <App router={(pages) => <StaticRouter location={path}>{pages}</StaticRouter>} prerendered />
    ),
    path,
  );
}

export const serverRenderer: ServerRenderer = {
  apiReadFor: providerPageApiRead,
  async render(url, answer) {
    const queryClient = createQueryClient();
    const seeded = seedProviderPage(queryClient, url, answer);
    const html = await renderTree(
      <App
        router={(pages) => <StaticRouter location={url}>{pages}</StaticRouter>}
        prerendered
        queryClient={queryClient}
      />,
      url,
    );
    return { html, data: dehydrate(queryClient), ...seeded };
  },
};
