// Matching: delivers a quote request as leads to the best eligible providers. Runs in background jobs
// (never in the HTTP request that submitted the form); safe to run twice and from several processes.

import {
  exclusionSummary,
  preferenceExclusions,
  preferenceReasons,
  type RequestFacts,
} from "@/shared/lead-preferences";
import { MIN_ELIGIBLE_PROVIDERS } from "@/shared/leads";
import {
  prepareRequest,
  type RequestProfile,
  rankProviders,
  type ScoredProvider,
  scoreProvider,
} from "@/shared/matching";
import { leadPath } from "@/shared/paths";
import type { Requirements } from "@/shared/quote-requests";
import type { Clock } from "../../clock";
import type { Db } from "../../db/client";
import type { QuoteRequestRow } from "../../db/schema/quote-requests";
import { publishLiveEvent } from "../../live/publish";
import { raiseAlert } from "../alerts/service";
import { composeNotification } from "../notifications/compose";
import { type MessagingDeps, type NotifyInput, notifyUser } from "../notifications/service";
import { emitWebhooks } from "../webhooks/events";
import { leadDeliveredData } from "../webhooks/payloads";
import * as delivery from "./delivery-queries";
import * as eligibility from "./eligibility";
import { inviteUnavailableMessage } from "./messages";
import * as q from "./queries";

export type MatchingDeps = MessagingDeps & { leadsPerRequest: number };

export type MatchOutcome =
  | { status: "skipped"; reason: "not-found" | "not-open" | "owner-unconfirmed" }
  /**
   * totalLeads: the request's leads not declined, after this run. submittedAt: the request's submission,
   * when this run delivered its first leads (the metrics' submit-to-lead time), else null.
   */
  | {
      status: "done";
      delivered: number;
      /** With `eligibleAtLeast`: at least this many (the count stops there, decision 181). */
      eligible: number;
      eligibleAtLeast: boolean;
      totalLeads: number;
      submittedAt: Date | null;
    };

export const tooFewProvidersCause = (id: number) => `too-few-providers:quote_request:${id}`;
export const matchOverdueCause = (id: number) => `match-overdue:quote_request:${id}`;

export function requestProfile(
  row: Pick<QuoteRequestRow, "industry" | "automationTypes" | "budgetRange"> & {
    requirements: Pick<Requirements, "systems" | "systemTypes" | "triggerType" | "locationPreference">;
  },
): RequestProfile {
  return {
    industry: row.industry,
    goals: row.automationTypes,
    systems: row.requirements.systems,
    systemTypes: row.requirements.systemTypes,
    triggerType: row.requirements.triggerType,
    budget: row.budgetRange,
    locationPreference: row.requirements.locationPreference,
  };
}

/**
 * Scores every eligible provider without a lead for this request and delivers it to the best ones,
 * up to the wanted number in all. The request row is locked for the transaction, and the unique key
 * on (request, company) turns a repeated insert into nothing, so reruns never duplicate leads.
 */
export async function matchQuoteRequest(deps: MatchingDeps, quoteRequestId: number): Promise<MatchOutcome> {
  return deps.db.transaction(async (tx): Promise<MatchOutcome> => {
    // A pending invitation may end with a note to the client, written while the request is locked: its
    // account row is held first, in the order an account's deletion takes the two (decision 172).
    await delivery.holdClientOfPendingInvite(tx, quoteRequestId);
    const request = await delivery.lockQuoteRequest(tx, quoteRequestId);
    if (!request) return { status: "skipped", reason: "not-found" };
    if (request.status !== "open" && request.status !== "matched") return { status: "skipped", reason: "not-open" };
    // A request of an account whose address nobody has confirmed is kept, and goes to providers once it
    // is confirmed (decision 150): an unconfirmed sign-up cannot have providers emailed at will.
    if (!(await delivery.ownerConfirmed(tx, request.clientId)))
      return { status: "skipped", reason: "owner-unconfirmed" };

    // A lead its provider declined, or the marketplace took back (decision 151), holds no place: the
    // request is owed another provider instead, though never the same one again (findCandidates skips
    // every company with a lead for it).
    const held = await delivery.requestLeads(tx, request.id);
    const live = held.filter((l) => !l.released).length;
    const profile = requestProfile(request);
    const prepared = prepareRequest(profile);
    const wanted = Math.max(0, deps.leadsPerRequest - live);
    const at = eligibility.matchMoment(deps.now());
    const found = await q.findCandidates(tx, request, prepared, wanted, at);
    const facts = eligibility.requestFacts(request);
    const { pool, recentOf } = await withinPreferences(tx, found.candidates, facts, at);
    // A provider the client invited from its profile gets the request first when it may (decision 172);
    // the ordinary ranking fills the other places.
    const invitedId = eligibility.pendingInvite(request);
    const invited = pool.find((c) => c.companyId === invitedId);
    const ranked = (
      invited && wanted > 0
        ? [
            withInviteReason(scoreProvider(prepared, invited)),
            ...rankProviders(
              profile,
              pool.filter((c) => c !== invited),
              wanted - 1,
            ),
          ]
        : rankProviders(profile, pool, wanted)
    ).map((r) => withPreferenceReason(r, pool, facts, recentOf));
    // Eligible means: may receive this lead (the location gate and the provider's lead preferences
    // included), or holds it and has not declined it.
    const eligible = live + found.eligible - (found.candidates.length - pool.length);

    const inserted = await delivery.insertLeads(
      tx,
      ranked.map((r) => ({
        quoteRequestId: request.id,
        companyId: r.companyId,
        matchScore: r.score,
        scoreParts: r.parts,
        invited: r.companyId === invited?.companyId,
      })),
    );
    if (request.inviteStatus === "pending") await settleInvitation(tx, deps, request, inserted);
    // Matched means: at least one lead delivered. A request an admin set back to pending that holds
    // leads already is matched again by this run, even when nobody new qualifies (decision 093).
    if (inserted.length > 0 || live > 0) await delivery.markMatched(tx, request.id);
    // Every provider it reached declined (or was taken back) and nobody else qualifies: it waits for a
    // provider again, as a request nobody was found for does (decisions 132, 151).
    else if (held.length > 0) await delivery.markUnmatched(tx, request.id);

    const owners = new Map(
      (
        await delivery.companyOwners(
          tx,
          inserted.map((l) => l.companyId),
        )
      ).map((o) => [o.companyId, o]),
    );
    for (const lead of inserted) {
      const owner = owners.get(lead.companyId);
      if (!owner) continue;
      await notifyUser(tx, deps, leadMessage(deps.appUrl, request.title, owner, lead));
    }
    // Providers that pipe leads into their own tools get them there too (decision 173).
    await emitWebhooks(
      tx,
      deps,
      "lead.delivered",
      inserted.map((lead) => ({ companyId: lead.companyId, data: () => leadDeliveredData(tx, deps.appUrl, lead.id) })),
    );
    // The client's open request page shows the new providers' threads.
    if (inserted.length > 0) {
      await publishLiveEvent(tx, [request.clientId], { type: "lead", quoteRequestId: request.id });
    }

    if (eligible < MIN_ELIGIBLE_PROVIDERS) {
      // Which of the providers' lead preferences kept the most of them out (decision 171).
      const keptOut = exclusionSummary(await eligibility.preferenceExclusionCounts(tx, request, prepared, at));
      await raiseAlert(tx, {
        type: "too_few_providers",
        severity: "high",
        title: "Too few eligible providers",
        description: `Request #${request.id} "${request.title}" (${request.industry}) has ${eligible} eligible ${eligible === 1 ? "provider" : "providers"}; at least ${MIN_ELIGIBLE_PROVIDERS} are needed to give the client a choice.${keptOut ? ` Lead preferences kept out: ${keptOut}.` : ""}`,
        resourceType: "quote_request",
        resourceId: request.id,
        cause: tooFewProvidersCause(request.id),
      });
    }
    return {
      status: "done",
      delivered: inserted.length,
      eligible,
      eligibleAtLeast: found.eligibleAtLeast,
      totalLeads: live + inserted.length,
      submittedAt: inserted.length > 0 && held.length === 0 ? request.createdAt : null,
    };
  });
}

/**
 * The candidates the scorer's own reading of their lead preferences lets through (the database applied
 * the same rules), the weekly capacities counted again under a lock of those companies: a count read
 * before the lock may be stale by another match's commit. Answers the counts with them.
 */
async function withinPreferences(tx: Db, candidates: q.Candidate[], facts: RequestFacts, at: eligibility.MatchMoment) {
  const capped = candidates.filter((c) => c.preferences.weeklyCapacity !== null);
  const recent = await eligibility.lockCapacity(
    tx,
    capped.map((c) => c.companyId),
    at,
  );
  // A capped company's count is the one read under the lock (none there: no lead in 7 days).
  const recentOf = (c: q.Candidate) =>
    c.preferences.weeklyCapacity === null ? c.leadsLast7Days : (recent.get(c.companyId) ?? 0);
  const pool = candidates.filter(
    (c) => preferenceExclusions(c.preferences, facts, { today: at.today, leadsLast7Days: recentOf(c) }).length === 0,
  );
  return { pool, recentOf };
}

/** The lead's reasons, with which of the provider's lead preferences let it through when it set any. */
function withPreferenceReason(
  scored: ScoredProvider,
  pool: q.Candidate[],
  facts: RequestFacts,
  recentOf: (c: q.Candidate) => number,
): ScoredProvider {
  const candidate = pool.find((c) => c.companyId === scored.companyId);
  if (!candidate) return scored;
  const reason = preferenceReasons(candidate.preferences, facts, { leadsLast7Days: recentOf(candidate) });
  if (!reason) return scored;
  return { ...scored, parts: [...scored.parts, { part: "preferences", points: 0, max: 0, reason }] };
}

const INVITED_REASON =
  "The client asked for a quote from you, from your profile: you were sent this request first, before the other providers.";

function withInviteReason(scored: ScoredProvider): ScoredProvider {
  return { ...scored, parts: [...scored.parts, { part: "invited", points: 0, max: 0, reason: INVITED_REASON }] };
}

/**
 * The invitation's outcome after its first match: delivered when the invited provider got its lead;
 * otherwise unavailable, and the client is told (what kept the provider out is the provider's business).
 */
async function settleInvitation(
  tx: Db,
  deps: MatchingDeps,
  request: QuoteRequestRow,
  inserted: { invited: boolean }[],
): Promise<void> {
  if (inserted.some((l) => l.invited)) return delivery.settleInvite(tx, request.id, "delivered");
  await delivery.settleInvite(tx, request.id, "unavailable");
  const [company] =
    request.invitedCompanyId === null ? [] : await delivery.companyOwners(tx, [request.invitedCompanyId]);
  const client = await delivery.requestClient(tx, request.clientId);
  if (!company || !client) return;
  await notifyUser(tx, deps, inviteUnavailableMessage(deps.appUrl, client, request, company.companyName));
}

/** What a provider is told when a request is delivered to their company as a lead. */
function leadMessage(
  appUrl: string,
  title: string,
  owner: { userId: number; email: string; firstName: string; companyName: string },
  lead: { id: number; matchScore: number },
): NotifyInput {
  const score = `${lead.matchScore}%`;
  return composeNotification(appUrl, {
    to: { id: owner.userId, email: owner.email, firstName: owner.firstName },
    kind: "lead.delivered",
    title: "New lead",
    body: `"${title}" matches ${owner.companyName} with a score of ${score}.`,
    link: leadPath(lead.id),
    email: {
      subject: `New lead: ${title}`,
      action: "See why it matched and send your quote",
      paragraphs: [
        [`A new request matches ${owner.companyName} (match score ${score}): `, { strong: `"${title}"` }, "."],
      ],
    },
  });
}

/**
 * When a provider becomes eligible: every open request short of leads is matched again, in batches
 * by id, so that requests which stay short (too few providers) never hide the newer ones.
 */
export async function rematchOpenRequests(deps: MatchingDeps, batch = 500): Promise<number> {
  let delivered = 0;
  let afterId = 0;
  for (;;) {
    const ids = await delivery.underMatchedRequestIds(deps.db, deps.leadsPerRequest, afterId, batch);
    for (const id of ids) {
      const outcome = await matchQuoteRequest(deps, id);
      if (outcome.status === "done") delivered += outcome.delivered;
      afterId = id;
    }
    if (ids.length < batch) return delivered;
  }
}

/** Raises one alert for each request still unmatched past its promised time, on the app's clock. */
export async function checkMatchDeadlines({ db, now }: { db: Db; now: Clock }): Promise<number> {
  let raised = 0;
  for (const r of await delivery.overdueRequests(db, matchOverdueCause, now())) {
    const isNew = await raiseAlert(db, {
      type: "match_deadline_missed",
      severity: "high",
      title: "Match deadline missed",
      description: `Request #${r.id} "${r.title}" was promised a match by ${r.matchDueAt.toISOString()} and has none yet.`,
      resourceType: "quote_request",
      resourceId: r.id,
      cause: matchOverdueCause(r.id),
    });
    if (isNew) raised += 1;
  }
  return raised;
}
