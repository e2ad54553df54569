// What a provider is told when one of its webhook endpoints is turned off after a day of failures.
import { PATHS } from "@/shared/paths";
import { WEBHOOK_DISABLE_AFTER_HOURS } from "@/shared/webhooks";
import { composeNotification, type Recipient } from "../notifications/compose";
import type { NotifyInput } from "../notifications/service";

export function endpointDisabledMessage(appUrl: string, to: Recipient & { id: number }, url: string): NotifyInput {
  const body = `Every delivery to ${url} has failed for ${WEBHOOK_DISABLE_AFTER_HOURS} hours, so we turned the endpoint off. Events that were waiting are kept: fix the endpoint, turn it back on in Settings, and they are sent.`;
  return composeNotification(appUrl, {
    to,
    kind: "webhook.disabled",
    title: "A webhook endpoint was turned off",
    body,
    link: `${PATHS.settings}#webhooks`,
    email: { subject: "Your webhook endpoint was turned off", action: "Open your webhooks" },
  });
}
