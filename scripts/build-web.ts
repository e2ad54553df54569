// `npm run build:web`: the browser app in dist/web, ready to serve (decisions 119 to 121).
// 1. The client build (vite.config.ts).
// 2. src/web/prerender.tsx built for Node, into dist/web-ssr: kept, the server renders the provider
//    pages with it (decision 138); not inside dist/web, so never served as files.
// 3. Each marketing page rendered into index.html's #root: dist/web/prerendered/<page>.html.
// 4. `.br` (brotli 11) and `.gz` (gzip 9) beside every text file of dist/web.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "vite";
import { PRERENDERED_DIR, PRERENDERED_PAGE_PATHS, prerenderedFileName } from "../src/shared/page-meta";
import { precompressFolder } from "./precompress";

type PrerenderModule = typeof import("../src/web/prerender");

// A build is production's whatever NODE_ENV the caller runs with (the tests start `npm start` with
// `test`): JSX compiled for React's production runtime, which the server renderer bundles (decision 138).
process.env.NODE_ENV = "production";

const root = path.resolve(import.meta.dirname, "..");
const webDir = path.join(root, "dist/web");
const ssrDir = path.join(root, "dist/web-ssr");
const configFile = path.join(root, "vite.config.ts");
const logLevel = process.argv.includes("--quiet") ? "warn" : "info";
const ROOT_ELEMENT = '<div id="root"></div>';

await build({ configFile, logLevel });
await build({
  configFile,
  logLevel,
  // The server renders with this bundle at run time (decision 138): React and the libraries go inside it,
  // in their production builds, whatever NODE_ENV the server runs with (React's development build
  // renders a directory page some twenty times slower).
  ssr: { noExternal: true },
  define: { "process.env.NODE_ENV": JSON.stringify("production") },
  build: {
    ssr: path.join(root, "src/web/prerender.tsx"),
    outDir: ssrDir,
    emptyOutDir: true,
    sourcemap: false,
    copyPublicDir: false,
  },
});

{
  const { renderPage } = (await import(pathToFileURL(path.join(ssrDir, "prerender.js")).href)) as PrerenderModule;
  const template = await fs.promises.readFile(path.join(webDir, "index.html"), "utf8");
  if (!template.includes(ROOT_ELEMENT)) throw new Error(`dist/web/index.html has no empty ${ROOT_ELEMENT}`);
  await fs.promises.mkdir(path.join(webDir, PRERENDERED_DIR), { recursive: true });
  for (const page of PRERENDERED_PAGE_PATHS) {
    const body = await renderPage(page);
    const html = template.replace(ROOT_ELEMENT, () => `<div id="root">${body}</div>`);
    await fs.promises.writeFile(path.join(webDir, PRERENDERED_DIR, prerenderedFileName(page)), html);
  }
  console.log(`prerendered ${PRERENDERED_PAGE_PATHS.length} pages into dist/web/${PRERENDERED_DIR}/`);
}

const compressed = await precompressFolder(webDir);
console.log(`compressed ${compressed} files (brotli 11, gzip 9)`);
