// Provider companies: registration, the owner's edits, and the admins' vetting decisions.
import { BRAND_NAME } from "@/shared/brand";
import {
  COMPANY_STATUS_LABELS,
  type Company,
  type CompanyProfileInput,
  changeUnderReview,
  DEFAULT_REJECTION_REASON,
} from "@/shared/companies";
import { inferCountry } from "@/shared/countries";
import { PATHS } from "@/shared/paths";
import { isVerifiableKind, type VerifiableDocumentKind } from "@/shared/vetting";
import type { Db } from "../../db/client";
import type { CompanyRow } from "../../db/schema/companies";
import type { UserRow } from "../../db/schema/users";
import { ConflictError, NotFoundError } from "../../errors";
import { JOB_NAMES } from "../../jobs/queue";
import { logActivity } from "../activity/service";
import { composeNotification } from "../notifications/compose";
import { type MessagingDeps, type NotifyInput, notifyUser } from "../notifications/service";
import * as q from "./queries";

export const NO_COMPANY_MESSAGE = "You have not created a company profile yet.";
export const COMPANY_NOT_FOUND_MESSAGE = "No provider company has this id.";

/** The application's fields as the provider wrote them: what the profile shows and a request for changes keeps. */
export function applicationFieldsOf(row: CompanyRow) {
  return {
    name: row.name,
    description: row.description,
    industry: row.industry,
    website: row.website,
    location: row.location,
    country: row.country,
    size: row.size,
    specialties: row.specialties,
  };
}

export function toCompany(row: CompanyRow): Company {
  return {
    id: row.id,
    ...applicationFieldsOf(row),
    status: row.status,
    rejectionReason: row.rejectionReason,
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    changeUnderReview: changeUnderReview(row),
    changesNote: row.status === "changes_requested" ? row.changesNote : null,
    verifiedDocuments: row.verifiedDocuments.filter(isVerifiableKind),
  };
}

function toValues(input: CompanyProfileInput): q.CompanyValues {
  return {
    name: input.name,
    description: input.description,
    industry: input.industry,
    website: input.website ? input.website : null,
    location: input.location,
    // Not given ("Not specified" or a spec client): read from the location where it says (decision 102).
    country: input.country || inferCountry(input.location),
    size: input.size,
    specialties: input.specialties,
  };
}

export const RUNNING_REQUESTS_MESSAGE =
  "You have quote requests still open. Accept a quote or cancel them before registering a company: a provider account cannot manage them.";

/** Creates the user's company as pending and makes the user a provider, together or not at all. */
export async function registerCompany(db: Db, user: UserRow, input: CompanyProfileInput): Promise<Company> {
  return db.transaction(async (tx) => {
    // A provider account cannot compare, accept or cancel a client's quotes (decision 021).
    if (user.userType === "client" && (await q.hasRunningQuoteRequests(tx, user.id))) {
      throw new ConflictError(RUNNING_REQUESTS_MESSAGE);
    }
    const row = await q.insertCompany(tx, user.id, toValues(input));
    if (!row) throw new ConflictError("You already have a company profile. Edit it instead of creating another.");
    await q.makeClientAProvider(tx, user.id);
    return toCompany(row);
  });
}

/** The user's company, or null when there is none yet. */
export async function findOwnCompany(db: Db, userId: number): Promise<Company | null> {
  const row = await q.findCompanyForUser(db, userId);
  return row ? toCompany(row) : null;
}

/** The owner's edit; a rejected company is resubmitted for review by it (decision 021). */
export async function updateOwnCompany(db: Db, userId: number, input: CompanyProfileInput): Promise<Company> {
  const row = await q.updateCompanyOfUser(db, userId, toValues(input));
  if (!row) throw new NotFoundError(NO_COMPANY_MESSAGE);
  return toCompany(row);
}

type Decision =
  | { kind: "approve"; verifiedDocuments?: VerifiableDocumentKind[] | undefined }
  | { kind: "reject"; reason?: string | undefined };

/**
 * What an admin may decide: a pending company, or an approved company's change of name or address under
 * review; one sent back for changes may be rejected (the provider never answered) but is approved only
 * once resubmitted, so that what changed is seen (decision 177). Answers the change under review, if
 * any; a 409 that says why for anything else.
 */
function assertDecidable(current: CompanyRow, kind: Decision["kind"]) {
  const change = changeUnderReview(current);
  if (current.status === "changes_requested" && kind === "approve") {
    throw new ConflictError("Changes were requested from this provider: approve it once it resubmits, or reject it.");
  }
  if (current.status !== "pending" && current.status !== "changes_requested" && !change) {
    throw new ConflictError(
      `This provider is already ${COMPANY_STATUS_LABELS[current.status].toLowerCase()}; only pending providers can be decided.`,
    );
  }
  return change;
}

/**
 * The company, locked until the transaction ends (the owner's rename and the admin's decision on it take
 * turns), if the admin may decide it (`assertDecidable`), with its change under review.
 */
export async function lockDecidableCompany(tx: Db, companyId: number, kind: Decision["kind"]) {
  const current = await q.lockCompany(tx, companyId);
  if (!current) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
  return { current, change: assertDecidable(current, kind) };
}

/**
 * Approves or rejects a pending company, or an approved company's change of name or address (decision
 * 149: approving verifies the new ones, rejecting rejects the company, which may edit and resubmit). The
 * decision, its activity log entry, the provider's notification and email, and after a first approval
 * the rematch of open requests (this provider may now receive them) are written in one transaction.
 */
export async function decideProvider(
  deps: MessagingDeps,
  admin: UserRow,
  companyId: number,
  decision: Decision,
): Promise<Company> {
  const { db, appUrl } = deps;
  return db.transaction(async (tx) => {
    const reason = decision.kind === "reject" ? decision.reason?.trim() || DEFAULT_REJECTION_REASON : null;
    const { current, change } = await lockDecidableCompany(tx, companyId, decision.kind);
    const row = await q.decideCompany(tx, companyId, {
      status: decision.kind === "approve" ? "approved" : "rejected",
      rejectionReason: reason,
      reviewedBy: admin.id,
      verifiedDocuments: decision.kind === "approve" ? decision.verifiedDocuments : undefined,
    });
    if (!row) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    await logActivity(tx, {
      adminId: admin.id,
      action: decision.kind === "approve" ? "approve_provider" : "reject_provider",
      resourceType: "company",
      resourceId: row.id,
      details: {
        companyName: row.name,
        oldStatus: current.status,
        newStatus: row.status,
        ...(change ? { verifiedName: change.verifiedName, verifiedSlug: change.verifiedSlug, slug: row.slug } : {}),
        ...(reason ? { reason } : {}),
        ...(decision.kind === "approve" && decision.verifiedDocuments
          ? { verifiedDocuments: decision.verifiedDocuments }
          : {}),
      },
    });
    const owner = await q.findOwner(tx, row.userId);
    if (owner) await notifyUser(tx, deps, decisionMessage(appUrl, row, owner, reason, change !== null));
    if (row.status === "approved" && !change) {
      await deps.jobs.send(JOB_NAMES.rematchOpenRequests, { reason: "provider-approved" }, { tx });
    }
    return toCompany(row);
  });
}

function decisionMessage(
  appUrl: string,
  company: CompanyRow,
  owner: q.Owner,
  reason: string | null,
  change: boolean,
): NotifyInput {
  const name = company.name;
  const { rest, action, subject, ...words } = decisionWords(company, reason, change);
  return composeNotification(appUrl, {
    to: owner,
    ...words,
    body: `${name}${rest}`,
    email: { subject, action, paragraphs: [[{ strong: name }, rest]] },
  });
}

/** How the owner is told the admin's decision: the bell's and the email's words, after the company's name. */
function decisionWords(company: CompanyRow, reason: string | null, change: boolean) {
  const name = company.name;
  if (company.status === "approved" && change) {
    return {
      kind: "provider.approved",
      title: "Your name change is approved",
      rest: " is verified under its new name and address: your profile shows the Verified badge again.",
      link: PATHS.providerRegistration,
      subject: `${name} is verified on ${BRAND_NAME}`,
      action: "See your company profile",
    } as const;
  }
  if (company.status === "approved") {
    return {
      kind: "provider.approved",
      title: "Your company profile is approved",
      rest: " has been approved. Set up your subscription to start receiving leads.",
      link: PATHS.subscription,
      subject: `${name} is approved on ${BRAND_NAME}`,
      action: "Set up your subscription",
    } as const;
  }
  const why = (reason ?? DEFAULT_REJECTION_REASON).replace(/[.!?]+$/, "");
  return {
    kind: "provider.rejected",
    title: "Your company profile was not approved",
    rest: ` was not approved. Reason: ${why}. You can edit your profile and resubmit it for review.`,
    link: PATHS.providerRegistration,
    subject: `Your ${BRAND_NAME} company profile was not approved`,
    action: "Edit and resubmit your profile",
  } as const;
}
