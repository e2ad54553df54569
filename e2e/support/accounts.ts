// The people of the browser tests: the demo accounts, new people with addresses of their own, and how
// each signs up and in, through the forms as a person does or through the API as the forms do.
import type { BrowserContext, Page } from "playwright-core";
import type { Product } from "./fixture";

export const DEMO = {
  password: "automatch-demo",
  client: "client@demo.automatch.io",
  provider: "provider@demo.automatch.io",
  admin: "admin@demo.automatch.io",
} as const;

export type SignUpData = { firstName: string; lastName: string; email: string; password: string };

/** A new person's sign-up data: an address of their own made from `tag`, and a password of their own. */
export function newPerson(firstName: string, lastName: string, tag: string): SignUpData {
  return { firstName, lastName, email: uniqueEmail(tag), password: `${tag}-pass-123` };
}

/**
 * An account made through the API as the sign-up form makes it (decision 115). By default the browser
 * then signs in with the password and the address stays unconfirmed; with `confirm` (a product started
 * with `mail`), the link in the email confirms it and signs the browser in.
 */
export async function apiSignUp(
  context: BrowserContext,
  data: SignUpData,
  confirm?: Pick<Product, "linkIn">,
): Promise<void> {
  const res = await context.request.post("/api/auth/sign-up", { data });
  if (res.status() !== 202) throw new Error(`sign-up failed for ${data.email}: ${res.status()} ${await res.text()}`);
  if (!confirm) return apiSignIn(context, data.email, data.password);
  const link = await confirm.linkIn(data.email, "Confirm your email", "/verify-email#");
  const token = new URLSearchParams(new URL(link).hash.slice(1)).get("token");
  const opened = await context.request.post("/api/auth/verify-email", { data: { token } });
  if (!opened.ok()) throw new Error(`the confirmation link failed for ${data.email}: ${opened.status()}`);
}

/** From the sign-in page, as a person does: the link to the sign-up form, the form filled in and sent. */
export async function signUpThroughForm(page: Page, data: SignUpData): Promise<void> {
  await page.getByRole("link", { name: "Create an account" }).click();
  await page.getByLabel("First name").fill(data.firstName);
  await page.getByLabel("Last name").fill(data.lastName);
  await page.getByLabel("Email").fill(data.email);
  await page.getByLabel("Password").fill(data.password);
  await page.getByRole("button", { name: "Create Account" }).click();
}

/** The sign-in form (on /login, where the page is) filled in and sent. */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs up through the form, then opens the link the confirmation email brings (a product started with `mail`). */
export async function signUpAndConfirm(page: Page, product: Pick<Product, "linkIn">, data: SignUpData): Promise<void> {
  await signUpThroughForm(page, data);
  await page.getByRole("heading", { name: "Check your inbox" }).waitFor();
  await page.goto(await product.linkIn(data.email, "Confirm your email", "/verify-email#"));
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
