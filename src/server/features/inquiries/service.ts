import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Inquiry, VendorApplication } from "@/shared/inquiries";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import { hitRateLimit, type RateLimit, rateLimitSubject } from "../../http/rate-limit";
import * as q from "./queries";

/** The same submission again within this window is answered as success without a second row. */
export const DUPLICATE_WINDOW_MS = 10 * 60 * 1000;
export const PUBLIC_FORM_LIMIT: RateLimit = {
  name: "public-forms",
  max: 10,
  windowMs: 10 * 60 * 1000,
  message: "Too many submissions from your address. Please wait a few minutes and try again.",
};

export type SubmitOutcome = { status: "stored"; id: number } | { status: "duplicate" } | { status: "ignored" };

const hashOf = (parts: unknown[]) =>
  createHash("sha256")
    .update(JSON.stringify(parts.map((p) => (typeof p === "string" ? p.trim().toLowerCase() : p))))
    .digest("hex");

/**
 * Stores once: the content hash is locked for the transaction, so two identical submissions racing
 * each other still leave one row.
 */
async function storeOnce<V extends { contentHash: string }>(
  db: Db,
  form: q.PublicForm,
  values: V,
  insert: (tx: Db, values: V) => Promise<{ id: number } | undefined>,
): Promise<SubmitOutcome> {
  return db.transaction(async (tx): Promise<SubmitOutcome> => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${values.contentHash}, 0))`);
    if (await q.findRecentByHash(tx, form, values.contentHash, DUPLICATE_WINDOW_MS))
      return { status: "duplicate" } as const;
    const row = await insert(tx, values);
    if (!row) throw new Error("insert returned no row");
    return { status: "stored", id: row.id } as const;
  });
}

export type InquiryDeps = { db: Db; now: Clock };

export async function submitInquiry({ db, now }: InquiryDeps, input: Inquiry, ip: string): Promise<SubmitOutcome> {
  await hitRateLimit(db, PUBLIC_FORM_LIMIT, rateLimitSubject(ip), now());
  // Bots fill the hidden field; they are told "thank you" and nothing is stored.
  if (input.leaveBlank) return { status: "ignored" };
  return storeOnce(
    db,
    "inquiry",
    {
      source: input.source,
      name: input.name,
      email: input.email.toLowerCase(),
      company: input.company,
      processDescription: input.processDescription,
      budgetEstimate: input.budgetEstimate || null,
      talkToConsultant: input.talkToConsultant,
      contentHash: hashOf(["inquiry", input.source, input.email, input.name, input.company, input.processDescription]),
      ip,
    },
    q.insertInquiry,
  );
}

export async function submitVendorApplication(
  { db, now }: InquiryDeps,
  input: VendorApplication,
  ip: string,
): Promise<SubmitOutcome> {
  await hitRateLimit(db, PUBLIC_FORM_LIMIT, rateLimitSubject(ip), now());
  if (input.leaveBlank) return { status: "ignored" };
  const specialties = [...new Set(input.specialties)];
  const hash = hashOf(["vendor", input.email, input.name, input.company, [...specialties].sort(), input.message ?? ""]);
  return storeOnce(
    db,
    "vendorApplication",
    {
      name: input.name,
      email: input.email.toLowerCase(),
      company: input.company,
      specialties,
      message: input.message || null,
      contentHash: hash,
      ip,
    },
    q.insertVendorApplication,
  );
}
