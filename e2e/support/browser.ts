import fs from "node:fs";
import path from "node:path";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { inject } from "vitest";

export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const ARTIFACTS = path.resolve(import.meta.dirname, "../artifacts");

export function baseURL(): string {
  return inject("baseURL");
}

export async function launchBrowser(): Promise<Browser> {
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

export async function newContext(browser: Browser, opts: { width?: number } = {}): Promise<BrowserContext> {
  return browser.newContext({ baseURL: baseURL(), viewport: { width: opts.width ?? 1280, height: 900 } });
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

export const DEMO = {
  password: "automatch-demo",
  client: "client@demo.automatch.io",
  provider: "provider@demo.automatch.io",
  admin: "admin@demo.automatch.io",
} as const;
