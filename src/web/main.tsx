import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { lightPagePath, MarketingApp } from "./app/marketing-app";
import { watchPartsBeforeTakeOver } from "./components/load-on-use";
import "./styles.css";

// Before any hydration: a part of a prerendered page used early keeps that use (decision 120).
watchPartsBeforeTakeOver();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A marketing page arrives prerendered (decision 121): the browser takes over that HTML rather than
// drawing it again. Most of them with the light tree, which loads the app on the first navigation
// (decision 120); the others with the app. Every other page arrives as the empty shell.
const prerendered = root.firstElementChild !== null;
const lightPage = prerendered ? lightPagePath(window.location.pathname) : undefined;
if (lightPage) {
  hydrateRoot(
    root,
    <StrictMode>
      <MarketingApp path={lightPage} />
    </StrictMode>,
  );
} else {
  void import("./app/app").then(({ App }) => {
    const app = (
      <StrictMode>
        <App prerendered={prerendered} />
      </StrictMode>
    );
    if (prerendered) hydrateRoot(root, app);
    else createRoot(root).render(app);
  });
}
