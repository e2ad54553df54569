// Vetting with documents (issue 33 part 3, decision 177): a company application with its verification
// documents, the admin's "Request changes" with a note, the resubmission compared with what was asked,
// and an approval that records which documents it verified. The company rules themselves (registration,
// the owner's edit, approve and reject) stay with the companies feature; this adds the files to them.
import { BRAND_NAME } from "@/shared/brand";
import {
  COMPANY_STATUS_LABELS,
  type Company,
  type CompanyProfileInput,
  type PendingProvider,
} from "@/shared/companies";
import { PATHS } from "@/shared/paths";
import {
  type CompanyDocument,
  DOCUMENT_KIND_LABELS,
  VERIFIABLE_DOCUMENT_KINDS,
  type VerifiableDocumentKind,
} from "@/shared/vetting";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors";
import { logActivity } from "../activity/service";
import {
  findOwner,
  listPendingCompanies,
  lockCompany,
  lockCompanyOfUser,
  requestCompanyChanges,
} from "../companies/queries";
import {
  COMPANY_NOT_FOUND_MESSAGE,
  decideProvider,
  findOwnCompany,
  lockDecidableCompany,
  NO_COMPANY_MESSAGE,
  registerCompany,
  toCompany,
  updateOwnCompany,
} from "../companies/service";
import { attachCompanyDocuments, companyDocumentsFor } from "../files/service";
import { composeNotification } from "../notifications/compose";
import { type MessagingDeps, notifyUser } from "../notifications/service";
import { changesSince, snapshotOf } from "./changes";

export type VettingDeps = MessagingDeps & { now: () => Date };

export const DOCUMENTS_AFTER_APPROVAL_MESSAGE =
  "Your company is already approved: verification documents are added while an application is under review.";

async function documentsOf(db: Db, companyId: number): Promise<CompanyDocument[]> {
  return (await companyDocumentsFor(db, [companyId])).get(companyId) ?? [];
}

async function withDocuments(db: Db, company: Company): Promise<Company> {
  return { ...company, documents: await documentsOf(db, company.id) };
}

/** POST /api/companies: the registration, with the documents it names attached in its transaction. */
export async function applyForCompany(deps: VettingDeps, user: UserRow, input: CompanyProfileInput): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    const company = await registerCompany(tx, user, input);
    await attachCompanyDocuments(tx, user.id, company.id, input.documents, deps.now());
    return withDocuments(tx, company);
  });
}

/** GET /api/companies/me: the owner's company with its documents, or null. */
export async function findOwnApplication(db: Db, userId: number): Promise<Company | null> {
  const company = await findOwnCompany(db, userId);
  return company ? withDocuments(db, company) : null;
}

/**
 * PUT /api/companies/me: the owner's edit, which resubmits a rejected company or one an admin asked to
 * change. Documents may be added while the application is not yet approved (at most FILES_PER_ITEM).
 */
export async function editOwnApplication(deps: VettingDeps, user: UserRow, input: CompanyProfileInput) {
  return deps.db.transaction(async (tx) => {
    // Locked: an admin's decision or request for changes is taken before or after this edit, not during it.
    const current = await lockCompanyOfUser(tx, user.id);
    if (!current) throw new NotFoundError(NO_COMPANY_MESSAGE);
    if (input.documents?.length) {
      if (current.status === "approved") throw new ConflictError(DOCUMENTS_AFTER_APPROVAL_MESSAGE);
      const attached = (await documentsOf(tx, current.id)).filter((d) => !d.removed).length;
      await attachCompanyDocuments(tx, user.id, current.id, input.documents, deps.now(), attached);
    }
    return withDocuments(tx, await updateOwnCompany(tx, user.id, input));
  });
}

/** GET /api/admin/pending-providers: each with its documents and, after a request for changes, what changed. */
export async function listPendingApplications(db: Db): Promise<PendingProvider[]> {
  const rows = await listPendingCompanies(db);
  const documents = await companyDocumentsFor(
    db,
    rows.map((r) => r.company.id),
  );
  return rows.map(({ company, owner }) => {
    const docs = documents.get(company.id) ?? [];
    return { ...toCompany(company), owner, documents: docs, changesRequested: changesSince(company, docs) };
  });
}

/**
 * PATCH /api/admin/providers/:id/approve. With `verifiedDocuments`, each named kind must be among the
 * application's documents: the public badge will name it.
 */
export async function approveApplication(
  deps: VettingDeps,
  admin: UserRow,
  companyId: number,
  verifiedDocuments: VerifiableDocumentKind[] | undefined,
): Promise<Company> {
  if (verifiedDocuments === undefined) return decideProvider(deps, admin, companyId, { kind: "approve" });
  return deps.db.transaction(async (tx) => {
    // Already decided (another admin, an old tab): that is the answer, not the documents.
    await lockDecidableCompany(tx, companyId, "approve");
    const kinds = new Set((await documentsOf(tx, companyId)).filter((d) => !d.removed).map((d) => d.documentKind));
    const missing = verifiedDocuments.find((k) => !kinds.has(k));
    if (missing) {
      throw new BadRequestError(
        `No ${DOCUMENT_KIND_LABELS[missing].toLowerCase()} document is attached to this application, so it cannot be recorded as verified.`,
      );
    }
    // Kept in one order, the badge's.
    const verified = VERIFIABLE_DOCUMENT_KINDS.filter((k) => verifiedDocuments.includes(k));
    return decideProvider({ ...deps, db: tx }, admin, companyId, { kind: "approve", verifiedDocuments: verified });
  });
}

/**
 * PATCH /api/admin/providers/:id/request-changes: a pending application goes back to its provider with
 * the note; the application as it is now is kept, to show the admin what the resubmission changed. Logged
 * and notified (bell and email) in one transaction, like approve and reject.
 */
export async function requestChanges(
  deps: VettingDeps,
  admin: UserRow,
  companyId: number,
  note: string,
): Promise<Company> {
  return deps.db.transaction(async (tx) => {
    const current = await lockCompany(tx, companyId);
    if (!current) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    if (current.status !== "pending") {
      throw new ConflictError(
        current.status === "changes_requested"
          ? "Changes were already requested from this provider; wait for the resubmission."
          : `This provider is already ${COMPANY_STATUS_LABELS[current.status].toLowerCase()}; only pending providers can be asked for changes.`,
      );
    }
    const documents = await documentsOf(tx, companyId);
    const row = await requestCompanyChanges(tx, companyId, {
      note,
      reviewedBy: admin.id,
      snapshot: snapshotOf(
        current,
        documents.filter((d) => !d.removed),
      ),
    });
    if (!row) throw new NotFoundError(COMPANY_NOT_FOUND_MESSAGE);
    await logActivity(tx, {
      adminId: admin.id,
      action: "request_provider_changes",
      resourceType: "company",
      resourceId: row.id,
      details: { companyName: row.name, oldStatus: current.status, newStatus: row.status, note },
    });
    const owner = await findOwner(tx, row.userId);
    if (owner) {
      const name = row.name;
      await notifyUser(
        tx,
        deps,
        composeNotification(deps.appUrl, {
          to: owner,
          kind: "provider.changes_requested",
          title: "Your company profile needs changes",
          body: `${name} needs changes before it can be approved. Our team's note: ${note}`,
          link: PATHS.providerRegistration,
          email: {
            subject: `Changes requested to your ${BRAND_NAME} company profile`,
            action: "Edit and resubmit your profile",
            paragraphs: [
              [{ strong: name }, " needs changes before it can be approved."],
              [{ strong: "Our team's note: " }, note],
              "Edit your profile, add any documents asked for, and resubmit it for review.",
            ],
          },
        }),
      );
    }
    return { ...toCompany(row), documents };
  });
}
