// Each browser-test file runs against a product of its own: its own server process on its own port,
// on its own fresh embedded database with the demo accounts and data, driven by its own Chromium. So
// what one file does (requests, leads, subscriptions, notifications) never shows in another.
import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, inject } from "vitest";
import { EMPTY_DATA_DIR, PID_FILE_ENDING } from "./global-setup";
import { type ServerProcess, startServer } from "./server";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

export const DEMO = {
  password: "automatch-demo",
  client: "client@demo.automatch.io",
  provider: "provider@demo.automatch.io",
  admin: "admin@demo.automatch.io",
} as const;

export type Product = {
  /** Where this file's server answers. */
  readonly baseURL: string;
  /** A new browser context (its own cookies) on this file's server, 1280 px wide unless told. */
  newContext: (opts?: { width?: number }) => Promise<BrowserContext>;
  /** A new context with one page in it. */
  newPage: (opts?: { width?: number }) => Promise<{ context: BrowserContext; page: Page }>;
};

/**
 * Starts this file's product before its tests and stops it after them: call once, at the top of the
 * file. Contexts opened in a test (or its beforeEach) are closed after that test.
 */
export type ProductOptions = {
  /** More environment for this file's server, worked out when it starts (a local SMTP server's address, say). */
  env?: () => Promise<Record<string, string>>;
};

export function startProduct(options: ProductOptions = {}): Product {
  let dataDir: string | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let inTest = false;
  let testContexts: BrowserContext[] = [];
  let failed = false;
  let logName = "e2e.server.log";

  beforeAll(async () => {
    const runDir = inject("runDir");
    dataDir = fs.mkdtempSync(path.join(runDir, "file-"));
    fs.cpSync(path.join(runDir, EMPTY_DATA_DIR), dataDir, { recursive: true });
    // Demo data is seeded on the first start, as for anyone who runs the product. The scrypt cost is
    // lowered as in the API tests: every sign-in pays it.
    server = await startServer({
      dataDir,
      env: { PASSWORD_SCRYPT_N: "1024", ...(await options.env?.()) },
      pidFile: `${dataDir}${PID_FILE_ENDING}`,
    });
    browser = await launchBrowser();
  });
  beforeEach(({ task, onTestFailed }) => {
    inTest = true;
    logName = path.basename(task.file.filepath).replace(/\.e2e\.test\.ts$/, ".server.log");
    onTestFailed(() => {
      failed = true;
    });
  });
  afterEach(async () => {
    inTest = false;
    const open = testContexts;
    testContexts = [];
    for (const context of open) await context.close();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    if (server) {
      // The server's log is kept beside the screenshots, and shown when a test of the file failed.
      const file = keepText(logName, server.log());
      // biome-ignore lint/suspicious/noConsole: Vitest prints a file's console output under the file's name.
      if (failed) console.error(`The server's log (${file}):\n${server.log()}`);
    }
    if (dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}${PID_FILE_ENDING}`, { force: true });
    }
  });

  const newContext = async (opts: { width?: number } = {}) => {
    if (!browser || !server) throw new Error("startProduct(): the product starts in beforeAll; use it in a test");
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: opts.width ?? 1280, height: 900 },
    });
    if (inTest) testContexts.push(context);
    return context;
  };
  return {
    get baseURL() {
      if (!server) throw new Error("startProduct(): the product starts in beforeAll; use it in a test");
      return server.baseURL;
    },
    newContext,
    newPage: async (opts = {}) => {
      const context = await newContext(opts);
      return { context, page: await context.newPage() };
    },
  };
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    // This machine has no network but loopback: background networking would only fail noisily.
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

/** Signs the context in through the API, as a user's browser would after the sign-in form. */
export async function apiSignIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const res = await context.request.post("/api/auth/sign-in", { data: { email, password } });
  if (!res.ok()) throw new Error(`sign-in failed for ${email}: ${res.status()} ${await res.text()}`);
}

let seq = 0;
export function uniqueEmail(tag: string): string {
  seq += 1;
  return `${tag}-${Date.now()}-${seq}@example.com`;
}

/** A screenshot kept as a test artifact (e2e/artifacts, not committed). */
export async function keepScreenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

function keepText(name: string, text: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  fs.writeFileSync(file, text);
  return file;
}
