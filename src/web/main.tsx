import type { DehydratedState } from "@tanstack/react-query";
import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SERVER_DATA_ELEMENT_ID } from "@/shared/page-meta";
import { lightPagePath, MarketingApp } from "./app/marketing-app";
import { watchPartsBeforeTakeOver } from "./components/load-on-use";
import "./styles.css";

// Before any hydration: a part of a prerendered page used early keeps that use (decision 120).
watchPartsBeforeTakeOver();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A marketing page arrives prerendered (decision 121): the browser takes over that HTML rather than
// drawing it again. Most of them with the light tree, which loads the app on the first navigation
// (decision 120); the others with the app, and so do the provider pages the server renders (decision
// 138). Every other page arrives as the empty shell.
const prerendered = root.firstElementChild !== null;
const lightPage = prerendered ? lightPagePath(window.location.pathname) : undefined;
// Hydration as a transition: React takes the page over in slices, yielding to the browser between them,
// rather than in one long task that holds up the first click (decision 160: Lighthouse's Total Blocking
// Time on the server-rendered directory). Remix's client entry does the same.
if (lightPage) {
  startTransition(() => {
    hydrateRoot(
      root,
      <StrictMode>
        <MarketingApp path={lightPage} />
      </StrictMode>,
    );
  });
} else {
  // A page the server rendered with data (decision 138) carries that data, so that the app starts from it.
  const serverData = document.getElementById(SERVER_DATA_ELEMENT_ID)?.textContent;
  void import("./app/app").then(({ App }) => {
    const app = (
      <StrictMode>
        <App
          prerendered={prerendered}
          serverData={serverData ? (JSON.parse(serverData) as DehydratedState) : undefined}
        />
      </StrictMode>
    );
    if (prerendered) startTransition(() => void hydrateRoot(root, app));
    else createRoot(root).render(app);
  });
}
