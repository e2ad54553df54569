// The public directory and profiles (issue 17, decision 137): who is listed, the directory's sorts and
// keyset pages, and the profile with the owner's preview.
import { isVerifiedIdentity } from "@/shared/companies";
import { cutAtWord } from "@/shared/page-meta";
import { pick } from "@/shared/pick";
import {
  DIRECTORY_PAGE_SIZE,
  type DirectoryEntry,
  type DirectoryPage,
  type DirectoryQuery,
  type DirectorySort,
  type ProviderProfilePage,
  REVIEWS_PAGE_SIZE,
  type ReviewPage,
} from "@/shared/providers";
import { type PublicReview, reviewerName } from "@/shared/reviews";
import { isVerifiableKind } from "@/shared/vetting";
import type { Db } from "../../db/client";
import { BadRequestError, NotFoundError } from "../../errors";
import { BAD_CURSOR, idCursor, toPage } from "../../http/paging";
import * as q from "./queries";

export const PROVIDER_NOT_FOUND_MESSAGE = "No provider has this address";
export const SUMMARY_MAX = 200;
/** The description's start, cut at a word, at most SUMMARY_MAX characters with its ellipsis. */
export function summarize(description: string): string {
  return cutAtWord(description, SUMMARY_MAX);
}

// ---------------------------------------------------------------------------------------------
// Cursors: the sort, the last row's key values and its id, as text, then base64url (opaque to the
// caller). Anything that does not read back as exactly what this list gives out is a 400.

const INT = /^\d{1,10}$/;
const RATING = /^[0-5]\.\d{2}$/;
const MICROS = /^-?\d{1,17}$/;

function int(text: string | undefined): number | null {
  if (text === undefined || !INT.test(text) || Number(text) > 2_147_483_647) return null;
  return Number(text);
}

function keysetParts(k: q.DirectoryKeyset): string[] {
  switch (k.sort) {
    case "rating":
      return [k.rating ?? "", String(k.reviews), String(k.id)];
    case "reviews":
      return [String(k.reviews), String(k.id)];
    case "hires":
      return [String(k.hires), String(k.id)];
    case "newest":
      return [k.micros ?? "", String(k.id)];
    case "name":
      return [String(k.id)];
  }
}

export function encodeDirectoryCursor(k: q.DirectoryKeyset): string {
  return Buffer.from([k.sort, ...keysetParts(k)].join("~"), "utf8").toString("base64url");
}

function parseKeyset(parts: string[]): q.DirectoryKeyset | null {
  const [sort, a, b] = parts;
  const id = int(parts.at(-1));
  if (id === null) return null;
  switch (sort) {
    case "rating": {
      const reviews = int(b);
      if (parts.length !== 4 || reviews === null || (a !== "" && !RATING.test(a ?? ""))) return null;
      return { sort, rating: a === "" || a === undefined ? null : a, reviews, id };
    }
    case "reviews":
    case "hires": {
      const n = int(a);
      if (parts.length !== 3 || n === null) return null;
      return sort === "reviews" ? { sort, reviews: n, id } : { sort, hires: n, id };
    }
    case "newest":
      if (parts.length !== 3 || (a !== "" && !MICROS.test(a ?? ""))) return null;
      return { sort, micros: a === "" || a === undefined ? null : a, id };
    case "name":
      return parts.length === 2 ? { sort, id } : null;
    default:
      return null;
  }
}

/** The keyset a cursor names, for this sort; a 400 for anything else. */
export function decodeDirectoryCursor(cursor: string, sort: DirectorySort): q.DirectoryKeyset {
  const text = /^[A-Za-z0-9_-]+$/.test(cursor) ? Buffer.from(cursor, "base64url").toString("utf8") : "";
  const keyset = parseKeyset(text.split("~"));
  // Read back exactly: a cursor of another sort, or one rewritten by hand, is not one this list gave out.
  if (!keyset || keyset.sort !== sort || encodeDirectoryCursor(keyset) !== cursor) {
    throw new BadRequestError(BAD_CURSOR);
  }
  return keyset;
}

function keysetOf(sort: DirectorySort, row: q.DirectoryRow): q.DirectoryKeyset {
  switch (sort) {
    case "rating":
      return { sort, rating: row.ratingKey, reviews: row.reviewCount, id: row.id };
    case "reviews":
      return { sort, reviews: row.reviewCount, id: row.id };
    case "hires":
      return { sort, hires: row.hires, id: row.id };
    case "newest":
      return { sort, micros: row.reviewedMicros, id: row.id };
    case "name":
      return { sort, id: row.id };
  }
}

// ---------------------------------------------------------------------------------------------
// The directory

function toEntry(row: q.DirectoryRow): DirectoryEntry {
  return {
    slug: row.slug,
    name: row.name,
    summary: summarize(row.description),
    industry: row.industry,
    industriesServed: row.industriesServed as DirectoryEntry["industriesServed"],
    specialties: row.specialties,
    location: row.location,
    country: row.country,
    size: row.size,
    verified: row.verified,
    memberSince: (row.reviewedAt ?? row.createdAt).toISOString(),
    figures: {
      requestsQuoted: row.requestsQuoted,
      hires: row.hires,
      medianResponseMinutes: row.medianResponseMinutes,
    },
    rating: { average: row.ratingAvg === null ? null : Number(row.ratingAvg), count: row.reviewCount },
  };
}

/**
 * A page of listed providers and how many the filters leave, and with `facets` the filters' values with
 * their counts; the statements run side by side.
 */
export async function listDirectory(db: Db, query: DirectoryQuery): Promise<DirectoryPage> {
  const sort = query.sort ?? "rating";
  const after = query.cursor === undefined ? null : decodeDirectoryCursor(query.cursor, sort);
  const filters = {
    specialty: query.specialty,
    industry: query.industry,
    country: query.country,
    minRating: query.minRating,
  };
  const [rows, total, facets] = await Promise.all([
    q.listDirectory(db, { filters, sort, after, limit: DIRECTORY_PAGE_SIZE + 1 }),
    q.countDirectory(db, filters),
    query.facets ? q.directoryFacets(db, filters) : undefined,
  ]);
  const more = rows.length > DIRECTORY_PAGE_SIZE;
  const kept = more ? rows.slice(0, DIRECTORY_PAGE_SIZE) : rows;
  const last = kept.at(-1);
  return {
    items: kept.map(toEntry),
    nextCursor: more && last ? encodeDirectoryCursor(keysetOf(sort, last)) : null,
    total,
    ...(facets ? { facets } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// The profile

function toPublicReview(row: q.VisibleReviewRow): PublicReview {
  return {
    id: row.id,
    rating: row.rating,
    body: row.body,
    outcome: row.outcome,
    hoursSavedPerYear: row.hoursSavedPerYear,
    estimatedHoursPerYear: row.estimatedHoursPerYear,
    industry: row.industry as PublicReview["industry"],
    reviewer: reviewerName(row),
    createdAt: row.createdAt.toISOString(),
    reply:
      row.replyBody !== null && row.repliedAt !== null
        ? { body: row.replyBody, createdAt: row.repliedAt.toISOString() }
        : null,
  };
}

/**
 * Who reads a profile: public ones are everyone's; one that is not (pending, rejected, owner suspended
 * or deleted) is its owner's preview and nobody else's. The owner is looked up only then, and only when
 * the request has a session (`viewer` loads it).
 */
export type Viewer = () => Promise<{ id: number } | null>;

async function mayRead(
  access: { userId: number; status: string; ownerInGoodStanding: boolean },
  viewer: Viewer,
): Promise<{ preview: boolean }> {
  if (access.status === "approved" && access.ownerInGoodStanding) return { preview: false };
  const user = await viewer();
  if (user && user.id === access.userId) return { preview: true };
  throw new NotFoundError(PROVIDER_NOT_FOUND_MESSAGE);
}

export async function getProfile(db: Db, slug: string, viewer: Viewer): Promise<ProviderProfilePage> {
  // The company and the first page of its reviews at once: two statements, one round trip's wait.
  const [found, reviewRows] = await Promise.all([
    q.findProfile(db, slug),
    q.listVisibleReviews(db, slug, null, REVIEWS_PAGE_SIZE + 1),
  ]);
  if (!found) throw new NotFoundError(PROVIDER_NOT_FOUND_MESSAGE);
  const { company: c } = found;
  const { preview } = await mayRead(
    { userId: c.userId, status: c.status, ownerInGoodStanding: found.ownerInGoodStanding },
    viewer,
  );
  const outcomes = found.outcomes;
  return {
    ...pick(c, ["slug", "name", "description", "industry", "specialties", "location", "country", "size", "website"]),
    industriesServed: c.industriesServed as ProviderProfilePage["industriesServed"],
    memberSince: (c.reviewedAt ?? c.createdAt).toISOString(),
    verified: isVerifiedIdentity(c),
    verifiedDocuments: isVerifiedIdentity(c) ? c.verifiedDocuments.filter(isVerifiableKind) : [],
    figures: {
      requestsQuoted: c.requestsQuoted,
      hires: c.hires,
      medianResponseMinutes: c.medianResponseMinutes,
    },
    rating: {
      average: c.ratingAvg === null ? null : Number(c.ratingAvg),
      count: c.reviewCount,
      outcomes: { met: outcomes.met, partly: outcomes.partly, notMet: outcomes.not_met },
    },
    caseStudies: found.caseStudies.map((cs) => ({
      ...cs,
      industry: cs.industry as ProviderProfilePage["caseStudies"][number]["industry"],
      createdAt: new Date(cs.createdAt).toISOString(),
      updatedAt: new Date(cs.updatedAt).toISOString(),
    })),
    reviews: toPage(reviewRows, REVIEWS_PAGE_SIZE, toPublicReview, (r) => r.id),
    preview,
  };
}

/** The next pages of a profile's visible reviews, read by whoever may read the profile. */
export async function listProfileReviews(
  db: Db,
  slug: string,
  cursor: string | undefined,
  viewer: Viewer,
): Promise<ReviewPage> {
  const before = idCursor(cursor);
  const [access, rows] = await Promise.all([
    q.findProfileAccess(db, slug),
    q.listVisibleReviews(db, slug, before, REVIEWS_PAGE_SIZE + 1),
  ]);
  if (!access) throw new NotFoundError(PROVIDER_NOT_FOUND_MESSAGE);
  await mayRead(access, viewer);
  return toPage(rows, REVIEWS_PAGE_SIZE, toPublicReview, (r) => r.id);
}
