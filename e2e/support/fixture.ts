// Each browser-test file runs against a product of its own: its own server process on its own port,
// on its own fresh database with the demo accounts and data (a copy of the one the global setup seeded:
// on PostgreSQL, or for a file that asks, on the embedded database; decision 170), driven through
// browser contexts of its own (cookies, storage) in its worker's Chromium.
// So what one file does (requests, leads, subscriptions, notifications) never shows in another.
import fs from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";
import { createTestDatabase } from "../../src/server/test/databases";
import { startSmtpServer, type TestSmtpServer } from "../../src/server/test/smtp-server";
import { PID_FILE_ENDING, SEEDED_DATA_DIR, SERVER_ENV } from "./global-setup";
import { seedDemoOnPostgres } from "./postgres";
import { type ServerProcess, startServer } from "./server";

/** The full Chromium: Lighthouse measures pages in it, as a visitor's browser loads them. */
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * The browser the browser tests drive: Chromium's headless shell (Debian's `chromium-headless-shell`,
 * the same engine without the desktop browser around it), which Playwright itself runs for headless
 * tests. The same journeys cost it under half the CPU of the full browser (decision 167). Without it,
 * the full Chromium.
 */
export const TEST_CHROMIUM =
  process.env.CHROMIUM_HEADLESS_SHELL_PATH ??
  (fs.existsSync("/usr/bin/chromium-headless-shell") ? "/usr/bin/chromium-headless-shell" : CHROMIUM);
const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

/** What a live update (a message, an unread count) may take to show: the issues want two seconds; this leaves room for a busy machine. */
export const LIVE = { timeout: 5_000 };

export type ContextOptions = { width?: number; javaScriptEnabled?: boolean };

export type Product = {
  /** Where this file's server answers. */
  readonly baseURL: string;
  /** A new browser context (its own cookies) on this file's server, 1280 px wide unless told; with JavaScript unless told. */
  newContext: (opts?: ContextOptions) => Promise<BrowserContext>;
  /** A new context with one page in it. */
  newPage: (opts?: ContextOptions) => Promise<{ context: BrowserContext; page: Page }>;
  /** With `mail`: the first link to `path` in an email to `to` whose text contains `about`, once it arrives. */
  linkIn: (to: string, about: string, path: string) => Promise<string>;
};

/**
 * Starts this file's product before its tests and stops it after them: call once, at the top of the
 * file. Contexts opened in a test (or its beforeEach) are closed after that test.
 */
export type ProductOptions = {
  /**
   * The file's server runs on the embedded database (PGlite in a data folder), the product's default,
   * instead of a PostgreSQL database of its own. Implied by `prepare`.
   */
  embedded?: boolean;
  /**
   * More environment for this file's server, worked out when it starts. The demo is seeded into the
   * file's own database under that environment (a few seconds more than a copy of the run's template).
   * Not with the embedded database.
   */
  env?: () => Promise<Record<string, string>>;
  /**
   * The server sends its mail to a real SMTP server on loopback, which the file reads with `linkIn`:
   * account emails carry their links to their owner only (the admin's outbox hides them).
   */
  mail?: boolean;
  /**
   * Writes what the file's tests need and no person could make happen on demand (a job or an email the
   * product gave up on), on the file's copy of the database before its server starts.
   */
  prepare?: (db: PGlite) => Promise<void>;
};

export function startProduct(options: ProductOptions = {}): Product {
  let dataDir: string | undefined;
  let dropDatabase: (() => Promise<void>) | undefined;
  let server: ServerProcess | undefined;
  let browser: Browser | undefined;
  let inTest = false;
  let testContexts: BrowserContext[] = [];
  // Every context the file opened: the browser outlives the file (workerBrowser), its contexts do not.
  const fileContexts = new Set<BrowserContext>();
  let failed = false;
  let logName = "e2e.server.log";

  let smtp: TestSmtpServer | undefined;

  beforeAll(async () => {
    if (options.mail) smtp = await startSmtpServer();
    const runDir = inject("runDir");
    dataDir = fs.mkdtempSync(path.join(runDir, "file-"));
    const fileEnv = (await options.env?.()) ?? {};
    const database: Record<string, string> = {};
    if (options.embedded || options.prepare) {
      if (options.env) throw new Error("startProduct(): `env` seeds a database of the file's own on PostgreSQL");
      // The demo data as the global setup seeded it on the embedded database.
      fs.cpSync(path.join(runDir, SEEDED_DATA_DIR), dataDir, { recursive: true });
    } else {
      // A copy of the run's demo template on PostgreSQL; the data folder stays empty. A file that sets more
      // environment may change what the seed makes (MATCH_LEADS_PER_REQUEST decides which providers get
      // the demo's leads): the demo is seeded into an empty database of its own, under that environment.
      const created = await createTestDatabase("postgres", { empty: options.env !== undefined });
      dropDatabase = created.drop;
      if (created.database.kind !== "postgres") throw new Error("createTestDatabase() made no PostgreSQL database");
      database.DATABASE_URL = created.database.url;
      if (options.env) await seedDemoOnPostgres(created.database.url, { ...SERVER_ENV, ...fileEnv });
    }
    if (options.prepare) {
      // The server's own folder layout (src/server/db/client.ts): no server holds it yet.
      const db = new PGlite(path.join(dataDir, "pglite"), { extensions: { pg_trgm } });
      try {
        await options.prepare(db);
      } finally {
        await db.close();
      }
    }
    const env = { ...SERVER_ENV, ...(smtp ? { SMTP_URL: smtp.url } : {}), ...fileEnv, ...database };
    // The server and Chromium start side by side; whichever started is stopped in afterAll, even when
    // the other failed.
    const [startedServer, launched] = await Promise.allSettled([
      startServer({ dataDir, env, pidFile: `${dataDir}${PID_FILE_ENDING}` }),
      workerBrowser(),
    ]);
    if (startedServer.status === "fulfilled") server = startedServer.value;
    if (launched.status === "fulfilled") browser = launched.value;
    if (startedServer.status === "rejected") throw startedServer.reason;
    if (launched.status === "rejected") throw launched.reason;
  });
  beforeEach(({ task, onTestFailed }) => {
    inTest = true;
    logName = path.basename(task.file.filepath).replace(/\.e2e\.test\.ts$/, ".server.log");
    onTestFailed(() => {
      failed = true;
    });
  });
  afterEach(async ({ task }) => {
    inTest = false;
    const open = testContexts;
    testContexts = [];
    // A failed test's pages as they were at the end: a screenshot and the address of each, for a failure
    // that happens once in many runs. The file's own contexts too (opened in its beforeAll, used by its tests).
    if (task.result?.state === "fail") await keepFailedPages([...fileContexts], logName.replace(/\.server\.log$/, ""));
    for (const context of open) await closeSaying(context);
  });
  afterAll(async () => {
    for (const context of fileContexts) await closeSaying(context);
    await server?.stop();
    await smtp?.close();
    if (server) {
      // The server's log is kept beside the screenshots, and its end shown when a test of the file failed.
      const file = keepText(logName, server.log());
      const tail = server.log().trimEnd().split("\n").slice(-80).join("\n");
      // biome-ignore lint/suspicious/noConsole: Vitest prints a file's console output under the file's name.
      if (failed) console.error(`The server's log ends (whole: ${file}):\n${tail}`);
    }
    await dropDatabase?.();
    if (dataDir) {
      fs.rmSync(dataDir, { recursive: true, force: true });
      fs.rmSync(`${dataDir}${PID_FILE_ENDING}`, { force: true });
    }
  });

  const newContext = async (opts: ContextOptions = {}) => {
    if (!browser || !server) throw new Error("startProduct(): the product starts in beforeAll; use it in a test");
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: opts.width ?? 1280, height: 900 },
      javaScriptEnabled: opts.javaScriptEnabled ?? true,
    });
    if (inTest) testContexts.push(context);
    fileContexts.add(context);
    context.once("close", () => fileContexts.delete(context));
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
    linkIn: async (to, about, linkPath) => {
      const received = smtp?.received;
      if (!received) throw new Error("startProduct({ mail: true }) reads the product's mail");
      const escaped = linkPath.replace(/[/.]/g, "\\$&");
      const pattern = new RegExp(`https?://[^\\s"<>]+${escaped}[^\\s"<>]*`);
      let link: string | undefined;
      await expect
        .poll(
          () => {
            const mail = received.findLast((m) => m.rcptTo.includes(to) && decodedMail(m.raw).includes(about));
            link = mail ? pattern.exec(decodedMail(mail.raw))?.[0] : undefined;
            return link;
          },
          { timeout: 20_000 },
        )
        .toBeTruthy();
      // The server writes links at its own idea of its address (localhost); the tests reach it at baseURL,
      // and cookies belong to the host they were set for.
      const url = new URL(link ?? "");
      return new URL(`${url.pathname}${url.search}${url.hash}`, server?.baseURL).toString();
    },
  };
}

/** A received message as text: quoted-printable soft breaks and escapes undone. */
function decodedMail(raw: string): string {
  return raw
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/** Each open page of a failed test kept as a screenshot, its address and file said in the test's output. */
async function keepFailedPages(contexts: BrowserContext[], file: string): Promise<void> {
  const pages = contexts.flatMap((c) => c.pages());
  for (const [i, page] of pages.entries()) {
    const shot = await keepScreenshot(page, `failed-${file}-${i + 1}`, { fullPage: true }).catch(
      (err: Error) => `none (${err.message})`,
    );
    // biome-ignore lint/suspicious/noConsole: Vitest prints a file's console output under the file's name.
    console.error(`A page of the failed test: ${page.url()}, screenshot ${shot}`);
  }
}

/**
 * Closes a test's context. One close in a dozen full runs of the suite hung until the hook's
 * timeout (2026-11-27, account-security's sessions test, not reproduced since): a close still waiting
 * after 10 s says so, with the pages it had, so that the next one shows where it stuck.
 */
async function closeSaying(context: BrowserContext): Promise<void> {
  const pages = context.pages().map((p) => p.url());
  const slow = setTimeout(() => {
    // biome-ignore lint/suspicious/noConsole: Vitest prints a file's console output under the file's name.
    console.error(`Closing a browser context has taken over 10 s; its pages were ${JSON.stringify(pages)}.`);
  }, 10_000);
  try {
    await context.close();
  } finally {
    clearTimeout(slow);
  }
}

/**
 * The worker's Chromium, launched by its first file and used by the next ones (the browser-test workers
 * are not isolated, vitest.e2e.config.ts): each file still has contexts of its own, with their own
 * cookies and storage, closed after it. Launching and closing Chromium took seconds of CPU a file.
 * One that crashed or was closed is launched anew.
 */
let browserOfWorker: Promise<Browser> | undefined;
async function workerBrowser(): Promise<Browser> {
  const current = await browserOfWorker?.catch(() => undefined);
  if (current?.isConnected()) return current;
  browserOfWorker = launchBrowser();
  return browserOfWorker;
}

function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: TEST_CHROMIUM,
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

/**
 * A screenshot kept as a test artifact (e2e/artifacts, not committed): what the viewport shows, or with
 * `fullPage` the whole page. A whole page costs Chromium about 0.4 s of CPU more (it lays out and paints
 * the page at its full height), and the suite keeps 86 of them a run: the whole page only for a failed
 * test's pages.
 */
export async function keepScreenshot(page: Page, name: string, { fullPage = false } = {}): Promise<string> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // JPEG: in about half the time PNG takes, and sharp enough to look at.
  const file = path.join(ARTIFACTS, `${name}.jpg`);
  await page.screenshot({ path: file, fullPage, type: "jpeg", quality: 80 });
  return file;
}

function keepText(name: string, text: string): string {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, name);
  fs.writeFileSync(file, text);
  return file;
}

/**
 * A new context with one page for each test of the file, opened before the test (and closed after it,
 * as every context a test opens): read them as `tab.page` and `tab.context`.
 */
export function pagePerTest(product: Product): { readonly context: BrowserContext; readonly page: Page } {
  const tab = {} as { context: BrowserContext; page: Page };
  beforeEach(async () => {
    Object.assign(tab, await product.newPage());
  });
  return tab;
}
