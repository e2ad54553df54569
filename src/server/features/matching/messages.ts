// What a client is told when the provider it invited from its profile cannot take the request (decision
// 172): in the app and by email, under the "providers no longer available" preference. Why (a pause, a
// full week, a preference, an ended subscription) is the provider's business, not the client's.
import { BRAND_NAME } from "@/shared/brand";
import { quoteRequestPath } from "@/shared/paths";
import { composeNotification, type Recipient } from "../notifications/compose";
import type { NotifyInput } from "../notifications/service";

export function inviteUnavailableMessage(
  appUrl: string,
  to: Recipient & { id: number },
  request: { id: number; title: string },
  companyName: string,
): NotifyInput {
  return composeNotification(appUrl, {
    to,
    kind: "request.provider_withdrawn",
    title: `${companyName} cannot take "${request.title}" now`,
    body: `${companyName} is not taking requests like "${request.title}" on ${BRAND_NAME} at the moment. We sent it to the other providers that match it best.`,
    link: quoteRequestPath(request.id),
    email: { subject: `${companyName} cannot take "${request.title}" now`, action: "Open your request" },
  });
}
