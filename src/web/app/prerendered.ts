import { createContext } from "react";

/**
 * True when the page began as HTML prerendered at build time (decision 121): the build's render and the
 * browser's first one must then agree, so a page that waits for the session shows what a visitor sees
 * (the landing) instead of the loading screen, and changes once the session is known.
 */
export const PrerenderedContext = createContext(false);
