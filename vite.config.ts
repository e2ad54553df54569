import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const inModule = (pattern: string) => new RegExp(pattern.replaceAll("/", "[\\\\/]"));

/**
 * A first visit loads a few chunks rather than twenty-odd (decision 120): each response also carries
 * its headers, about 0.9 kB here. The rest is split as Rolldown chooses: one chunk per page.
 */
const reactItself = inModule("node_modules/(react|react-dom|scheduler)/|vite/preload-helper");
const framework = inModule("node_modules/(react-router|cookie|set-cookie-parser|@tanstack)/");
// Only the signed-in pages use these: they stay in those pages' chunks.
const signedInQueryHooks = inModule(
  "@tanstack/(react-query|query-core)/.*(useMutation|mutationObserver|useInfiniteQuery|infiniteQueryObserver|useQueries|queriesObserver)\\.",
);

const chunkGroups = [
  // What every page runs first: React.
  { name: "react", test: reactItself, priority: 40 },
  // What the app adds, on the shell's pages and from the first navigation of a marketing page on: the
  // router, TanStack Query.
  {
    name: "framework",
    test: (id: string) => framework.test(id) && !signedInQueryHooks.test(id),
    priority: 30,
  },
  // The public site's frame and what most pages share: layout, buttons, icons, class merging, the HTTP client.
  {
    name: "site",
    test: inModule(
      "node_modules/(lucide-react|tailwind-merge|clsx|@radix-ui/react-slot|@radix-ui/react-compose-refs)/" +
        "|src/web/(components/(public-layout|logo|link|toast-host|ui/(button|card|spinner|use-toast))|lib/(cn|api|page-meta)|features/marketing/components/marketing-ui)\\.",
    ),
    priority: 20,
  },
  // The public forms without their schemas, which load with zod once a form is used.
  {
    name: "public-forms",
    test: inModule(
      "node_modules/react-hook-form/|src/shared/inquiry-options\\.|src/web/(components/ui/(field|form-controls)|features/marketing/(api|components/(form-fields|inquiry-fields)))\\.",
    ),
    priority: 10,
  },
];

export default defineConfig({
  root: path.resolve(import.meta.dirname, "src/web"),
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: "@", replacement: path.resolve(import.meta.dirname, "src") },
      // zod without eval, under the page's Content-Security-Policy (src/web/lib/zod.ts).
      { find: /^zod$/, replacement: path.resolve(import.meta.dirname, "src/web/lib/zod.ts") },
    ],
  },
  build: {
    outDir: path.resolve(import.meta.dirname, "dist/web"),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: { output: { codeSplitting: { groups: chunkGroups } } },
  },
  server: {
    port: 5173,
    proxy: { "/api": "http://localhost:5000", "/healthz": "http://localhost:5000" },
  },
});
