// What a client is told when the marketplace takes a provider off its request (decision 151): in the
// app and by email. Why (a suspension) is the admins' business, not the client's.
import { BRAND_NAME } from "@/shared/brand";
import { quoteRequestPath } from "@/shared/paths";
import { composeNotification, type Recipient } from "../notifications/compose";
import type { NotifyInput } from "../notifications/service";

export function providerWithdrawnMessage(
  appUrl: string,
  to: Recipient & { id: number },
  request: { id: number; title: string },
  companyName: string,
  hadQuote: boolean,
): NotifyInput {
  const quote = hadQuote ? " Its quote was withdrawn." : "";
  return composeNotification(appUrl, {
    to,
    kind: "request.provider_withdrawn",
    title: `${companyName} is no longer on "${request.title}"`,
    body: `${companyName} can no longer take on "${request.title}" on ${BRAND_NAME}.${quote} We are looking for another provider to offer your request to.`,
    link: quoteRequestPath(request.id),
    email: { subject: `${companyName} can no longer take on "${request.title}"`, action: "Open your request" },
  });
}
