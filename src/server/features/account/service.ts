// "Your data" (decision 118): a signed-in user downloads what the product holds about them, and deletes
// their account. Deleting anonymises the account in place, in one transaction, so that the requests,
// leads and quotes other people still need keep their other side.
import {
  DELETED_FIRST_NAME,
  DELETED_LAST_NAME,
  DELETED_USER_NAME,
  type DeleteAccountInput,
  deletedAccountEmail,
  LAST_ADMIN_DELETE_MESSAGE,
  WRONG_PASSWORD_MESSAGE,
} from "@/shared/account";
import { BRAND_NAME } from "@/shared/brand";
import { pick } from "@/shared/pick";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError, ConflictError, UnauthorizedError } from "../../errors";
import { logActivity } from "../activity/service";
import { listApiTokens } from "../auth/api-tokens";
import { sessionIdFromToken } from "../auth/service";
import { describeDevice } from "../auth/sessions";
import { checkOwnPassword, type ThrottleDeps } from "../auth/throttle";
import { type BillingDeps, cancelSubscriptionInTransaction } from "../billing/service";
import { refreshProviderStats } from "../companies/stats";
import {
  archivePathOf,
  deleteCompanyDocuments,
  deletePendingUploads,
  type FilesDeps,
  listUploadedFiles,
  removeDeletedContent,
} from "../files/service";
import { cancelQuoteRequest } from "../quote-requests/service";
import { reviewsWrittenBy } from "../reviews/service";
import { forgetAccountInWebhooks, listEndpoints } from "../webhooks/service";
import * as q from "./queries";

/** Never a valid scrypt hash (verifyPassword answers false for it): nobody signs in as a deleted account. */
const UNUSABLE_PASSWORD_HASH = "deleted";
export const RETIRED_COMPANY_REASON = "The provider deleted their account.";

const iso = (d: Date | null) => d?.toISOString() ?? null;

/** GET /api/account/export: everything about the caller, in a handful of queries, nothing of anyone else. */
export async function exportAccount(db: Db, user: UserRow, currentToken: string, now: Date, sessionIdleMs: number) {
  const account = await q.findAccount(db, user.id);
  if (!account) throw new UnauthorizedError();
  const preferences = await q.listPreferences(db, user.id);
  const notifications = await q.listNotifications(db, user.id);
  const client = await q.listRequestsWithQuotes(db, user.id);
  const provider = await q.findProviderRecords(db, user.id);
  const forms = await q.listFormsByEmail(db, user.email);
  const reviews = await reviewsWrittenBy(db, user.id);
  const messages = await q.listMessagesWritten(db, user.id);
  const reports = await q.listReportsFiled(db, user.id);
  const signIns = await q.listSignInAttempts(db, user.email);
  const sessions = await q.listSessions(db, user.id, now, new Date(now.getTime() - sessionIdleMs));
  const currentSession = sessionIdFromToken(currentToken);
  const { company, subscription } = provider;
  const apiTokens = await listApiTokens(db, now, user.id);
  const webhooks = company ? await listEndpoints(db, user.id) : { endpoints: [] };
  const uploads = await listUploadedFiles(db, user.id);
  return {
    exportedAt: now.toISOString(),
    about: `Everything ${BRAND_NAME} holds about your account. Times are UTC. Your password and session tokens are kept only as hashes, which are left out.`,
    account: {
      ...account,
      createdAt: iso(account.createdAt),
      updatedAt: iso(account.updatedAt),
      lastSignInAt: iso(account.lastSignInAt),
      emailVerifiedAt: iso(account.emailVerifiedAt),
    },
    notificationPreferences: preferences,
    // The live API tokens (decision 174) and the webhook endpoints (decision 173): never a token or a
    // secret, which are kept only as a hash or shown once.
    apiTokens: apiTokens.tokens,
    webhookEndpoints: webhooks.endpoints,
    // The files the user uploaded (decision 176); the ZIP export holds each under files/.
    files: uploads.map((f) => ({ ...f, inArchive: archivePathOf(f) })),
    notifications: notifications.map((n) => ({ ...n, readAt: iso(n.readAt), createdAt: iso(n.createdAt) })),
    quoteRequests: client.requests.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      industry: r.industry,
      automationTypes: r.automationTypes,
      budgetRange: r.budgetRange,
      timeline: r.timeline,
      requirements: r.requirements,
      status: r.status,
      isComplex: r.isComplex,
      roiHoursPerYear: r.roiHoursPerYear,
      // The provider the client invited from its profile, and how that went (decision 172).
      invitedCompanyId: r.invitedCompanyId,
      inviteStatus: r.inviteStatus,
      matchDueAt: iso(r.matchDueAt),
      createdAt: iso(r.createdAt),
      updatedAt: iso(r.updatedAt),
      quotesReceived: client.received
        .filter((x) => x.quoteRequestId === r.id)
        .map(({ quoteRequestId: _, ...x }) => ({ ...x, decidedAt: iso(x.decidedAt), createdAt: iso(x.createdAt) })),
    })),
    // The client's reviews of its hires (issue 17), hidden ones with the marketplace's reason.
    reviewsWritten: reviews.map((r) => ({
      ...pick(r, [
        "id",
        "quoteRequestId",
        "requestTitle",
        "rating",
        "body",
        "outcome",
        "hoursSavedPerYear",
        "estimatedHoursPerYear",
        "createdAt",
        "reply",
        "hidden",
      ]),
      provider: r.provider.name,
    })),
    // The conversation messages the user wrote (issue 29), hidden ones with the marketplace's reason.
    messagesWritten: messages.map((m) => ({ ...m, hiddenAt: iso(m.hiddenAt), createdAt: iso(m.createdAt) })),
    // The messages the user reported, with their reason and note.
    reportsFiled: reports.map((r) => ({ ...r, createdAt: iso(r.createdAt) })),
    company: company
      ? {
          ...pick(company, [
            "id",
            "name",
            "description",
            "industry",
            "website",
            "location",
            "country",
            "size",
            "specialties",
            "status",
            "rejectionReason",
          ]),
          // The leads it wants (decision 171).
          leadPreferences: {
            industries: company.leadIndustries,
            minBudget: company.leadMinBudget,
            countries: company.leadCountries,
            remoteOnly: company.leadRemoteOnly,
            weeklyCapacity: company.leadWeeklyCapacity,
            pausedUntil: company.leadPausedUntil,
          },
          reviewedAt: iso(company.reviewedAt),
          createdAt: iso(company.createdAt),
          updatedAt: iso(company.updatedAt),
        }
      : null,
    subscription: subscription
      ? {
          provider: subscription.provider,
          customerId: subscription.customerId,
          subscriptionId: subscription.externalId,
          status: subscription.status,
          trialEndsAt: iso(subscription.trialEndsAt),
          currentPeriodEnd: iso(subscription.currentPeriodEnd),
          cancelAtPeriodEnd: subscription.cancelAtPeriodEnd,
          canceledAt: iso(subscription.canceledAt),
          cardLast4: subscription.cardLast4,
          createdAt: iso(subscription.createdAt),
        }
      : null,
    leads: provider.leads.map((l) => ({ ...l, viewedAt: iso(l.viewedAt), createdAt: iso(l.createdAt) })),
    quotesSent: provider.quotes.map((x) => ({
      ...x,
      decidedAt: iso(x.decidedAt),
      createdAt: iso(x.createdAt),
      updatedAt: iso(x.updatedAt),
    })),
    inquiries: forms.inquiries.map(({ contentHash: _, ...i }) => ({ ...i, createdAt: iso(i.createdAt) })),
    vendorApplications: forms.vendorApplications.map(({ contentHash: _, ...a }) => ({
      ...a,
      createdAt: iso(a.createdAt),
    })),
    signInAttempts: signIns.map((s) => ({ ...s, createdAt: iso(s.createdAt) })),
    sessions: sessions.map((s) => ({
      device: describeDevice(s.userAgent),
      userAgent: s.userAgent,
      createdAt: iso(s.createdAt),
      lastSeenAt: iso(s.lastSeenAt),
      expiresAt: iso(s.expiresAt),
      current: s.id === currentSession,
    })),
  };
}

export type DeletedAccount = {
  requestsCancelled: number;
  /** Every request of the client's stays (cancelled or not) for the providers' records, anonymised. */
  requestsAnonymised: number;
  quotesWithdrawn: number;
  subscriptionCanceled: boolean;
};

/**
 * Deletes the caller's account (decision 118) once the password confirms it. One transaction: the
 * account anonymised, its running requests cancelled as the client's Cancel does, its company retired
 * with its pending quotes withdrawn and its subscription cancelled at the billing provider, and what is
 * only the user's removed. A failure anywhere (the billing provider's included) leaves everything as it was.
 */
export async function deleteAccount(
  deps: BillingDeps & ThrottleDeps & Pick<FilesDeps, "files" | "log">,
  user: UserRow,
  input: DeleteAccountInput,
  network: string,
) {
  // The tries count with the account's sign-in attempts (decision 116).
  if (!(await checkOwnPassword(deps, user, input.password, network))) throw new BadRequestError(WRONG_PASSWORD_MESSAGE);
  const { result, uploads } = await deps.db.transaction(async (tx) => {
    // Admins first, then the account, in the order role changes lock them: no deadlock between the two.
    if (user.userType === "admin") {
      const admins = await q.lockAdmins(tx);
      if (admins.includes(user.id) && admins.length <= 1) throw new ConflictError(LAST_ADMIN_DELETE_MESSAGE);
    }
    const current = await q.lockUser(tx, user.id);
    // Deleted meanwhile (a second tab): the session is gone with it.
    if (!current || current.passwordHash === UNUSABLE_PASSWORD_HASH) throw new UnauthorizedError();

    const anonymised = await q.anonymiseUser(tx, user.id, {
      email: deletedAccountEmail(user.id),
      firstName: DELETED_FIRST_NAME,
      lastName: DELETED_LAST_NAME,
      passwordHash: UNUSABLE_PASSWORD_HASH,
      // A deleted admin is no admin: the last-admin rule counts only people who can still sign in.
      userType: current.userType === "admin" ? "client" : current.userType,
    });
    if (!anonymised) throw new UnauthorizedError();

    // The client's running requests, cancelled through the client's own Cancel (a savepoint each):
    // pending quotes declined, leads closed, providers told.
    const running = await q.findRequestIds(tx, user.id, ["open", "matched"]);
    for (const id of running) await cancelQuoteRequest({ ...deps, db: tx }, anonymised, id);
    const requests = await q.anonymiseRequestContacts(tx, user.id, DELETED_USER_NAME);

    let quotesWithdrawn = 0;
    const companyId = await q.findCompanyId(tx, user.id);
    if (companyId !== undefined) {
      quotesWithdrawn = await q.withdrawPendingQuotes(tx, companyId);
      await q.closeCompanyLeads(tx, companyId);
      await q.retireCompany(tx, companyId, RETIRED_COMPANY_REASON);
      await refreshProviderStats(tx, companyId);
    }
    const subscriptionCanceled = await cancelSubscriptionInTransaction(tx, deps, user.id);

    // Nothing more goes to the retired company's webhooks, and no message keeps this client's contact.
    await forgetAccountInWebhooks(tx, { companyId, email: current.email });
    // Last: the cancellations above may have written notifications and mail for this account.
    await q.deletePersonalRows(tx, user.id, [current.email, anonymised.email]);
    // The uploads nobody else could see (decision 176); files sent to someone stay with them.
    // So are the documents of its company's application (decision 177): its owner's and the admins' only.
    const uploads = [...(await deletePendingUploads(tx, user.id)), ...(await deleteCompanyDocuments(tx, user.id))];
    const result: DeletedAccount = {
      requestsCancelled: running.length,
      requestsAnonymised: requests,
      quotesWithdrawn,
      subscriptionCanceled,
    };
    // No personal data in the log: the id, the role it had and what the deletion did.
    await logActivity(tx, {
      adminId: user.id,
      action: "delete_account",
      resourceType: "user",
      resourceId: user.id,
      details: { userType: current.userType, ...result },
    });
    return { result, uploads };
  });
  // Their content in S3, once the rows are gone for good (the sweep removes it should this fail).
  await removeDeletedContent(deps, uploads);
  return result;
}
