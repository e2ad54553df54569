import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { App } from "./app/app";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
// A marketing page arrives prerendered (decision 121): the browser takes over that HTML rather than
// drawing it again. Every other page arrives as the empty shell.
if (root.firstElementChild) {
  hydrateRoot(
    root,
    <StrictMode>
      <App prerendered />
    </StrictMode>,
  );
} else {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
