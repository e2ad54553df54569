// Who may act on leads (DESIGN.md "Providers"): the provider's standing, its company's vetting and its
// subscription. It lives with the companies feature, below every feature that asks (leads, quotes, and
// quote requests for a provider reading one), so that none of them depends on another for it (decision 081).
import { type SubscriptionStatus, subscriptionGrantsAccess } from "@/shared/billing";
import type { LeadAccess } from "@/shared/leads";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { ForbiddenError } from "../../errors";
import * as q from "./queries";

/**
 * Why an approved company gets no leads, by its subscription's state (issue 30: a provider who never
 * finished checkout was told "Leads resume once it is active again", of leads it never had).
 */
const SUBSCRIBE = "Subscribe to start receiving leads.";
const NOT_SUBSCRIBED: Partial<Record<SubscriptionStatus, string>> = {
  incomplete: "You started your subscription but did not finish checkout. Complete it to start receiving leads.",
  past_due: "Your last subscription payment failed. Leads resume once the payment goes through.",
  canceled: "Your subscription was canceled. Subscribe again to receive leads.",
};

/** DESIGN.md "Providers": approved company and a trialing or active subscription. */
export async function leadAccessFor(db: Db, userId: number): Promise<LeadAccess & { companyId: number | null }> {
  const ctx = await q.findProviderContext(db, userId);
  const companyStatus = ctx.companyStatus ?? "none";
  const subscribed = subscriptionGrantsAccess(ctx.subscriptionStatus);
  let reason: string | null = null;
  if (companyStatus === "none") reason = "Create your company profile to start receiving leads.";
  else if (companyStatus === "pending")
    reason = "Your company profile is under review. Leads start once it is approved.";
  else if (companyStatus === "rejected")
    reason = `Your company profile was not approved${ctx.rejectionReason ? `: ${ctx.rejectionReason}` : ""}. Edit and resubmit it to be reviewed again.`;
  else if (companyStatus === "changes_requested")
    reason = `Our team asked for changes to your company profile${ctx.changesNote ? `: ${ctx.changesNote}` : ""}. Edit and resubmit it to be reviewed again.`;
  else if (!subscribed) reason = (ctx.subscriptionStatus && NOT_SUBSCRIBED[ctx.subscriptionStatus]) || SUBSCRIBE;
  return {
    hasAccess: reason === null,
    companyStatus,
    subscriptionStatus: ctx.subscriptionStatus,
    reason,
    companyId: ctx.companyId,
  };
}

/** The provider's company id, when it may act on leads; 403 with the reason otherwise. */
export async function requireAccess(db: Db, user: Pick<UserRow, "id">): Promise<number> {
  const access = await leadAccessFor(db, user.id);
  if (!access.hasAccess || access.companyId === null) throw new ForbiddenError(access.reason ?? "No access to leads.");
  return access.companyId;
}
