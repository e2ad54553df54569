// The background sender of the email outbox (decision 061): takes due pending rows, checks each
// (no header injection), sends it over SMTP, and records the outcome; a failed send is tried again
// later with a growing delay, and given up (status failed) only after MAX_SEND_ATTEMPTS.
import { z } from "zod";
import { BRAND_NAME } from "@/shared/brand";
import type { Clock } from "../../clock";
import type { MailConfig } from "../../config";
import type { Db } from "../../db/client";
import type { OutboxRow } from "../../db/schema/email-outbox";
import { onFirstUse } from "../../first-use";
import * as q from "./queries";
import { CONTROL_CHARACTERS, SUBJECT_MAX } from "./subject";

export const MAX_SEND_ATTEMPTS = 8;
/** A claimed row is left alone this long; past it, a sender that died mid-send is assumed gone. */
const LEASE_SECONDS = 5 * 60;
const BATCH = 20;

/** Seconds before attempt n+1 after n failed ones: 1, 2, 4 … minutes, at most an hour. */
export function retryDelaySeconds(failedAttempts: number): number {
  return Math.min(60 * 2 ** Math.max(0, failedAttempts - 1), 60 * 60);
}

export type MailMessage = { from: string; to: string; subject: string; text: string; html: string };
export type MailTransport = { send: (message: MailMessage) => Promise<void> };

const addressSchema = z.email();

/** Why an outbox row must not be sent, or null when it may. */
export function unsendableReason(row: Pick<OutboxRow, "toAddress" | "subject">): string | null {
  if (!addressSchema.safeParse(row.toAddress).success) return "The recipient is not a valid email address.";
  if (CONTROL_CHARACTERS.test(row.subject)) return "The subject contains a line break or control character.";
  if (row.subject.trim().length === 0) return "The subject is empty.";
  if (row.subject.length > SUBJECT_MAX) return `The subject is longer than ${SUBJECT_MAX} characters.`;
  return null;
}

/**
 * How mail leaves (decision 159): SMTP through nodemailer; into the local mailbox, which is the outbox
 * itself read at /dev/mailbox, so a "send" there only marks the row delivered; or nothing at all when
 * mail is off (every email then stays pending in the outbox).
 */
export function createMailTransport(mail: MailConfig): MailTransport | null {
  if (mail.delivery === "mailbox") return { send: async () => {} };
  if (mail.delivery === "off" || !mail.smtpUrl) return null;
  const smtpUrl = mail.smtpUrl;
  // nodemailer is loaded by the first send, not by every start.
  const transport = onFirstUse(async () => {
    const { default: nodemailer } = await import("nodemailer");
    return nodemailer.createTransport({
      url: smtpUrl,
      // A server that stops answering must not hold the sender: the row is tried again later.
      connectionTimeout: 20_000,
      greetingTimeout: 20_000,
      socketTimeout: 60_000,
    });
  });
  return {
    async send(message) {
      await (await transport()).sendMail({
        from: { name: BRAND_NAME, address: message.from },
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        // Only the addresses given: never read recipients from the content's headers.
        envelope: { from: message.from, to: [message.to] },
        disableFileAccess: true,
        disableUrlAccess: true,
      });
    },
  };
}

/** Outgoing mail as the app runs it: the transport (null when mail is off) and the sender's address. */
export type MailSender = { transport: MailTransport | null; from: string };
export type SenderDeps = { db: Db; now: Clock; mail: MailSender };
export type DeliveryOutcome = { sent: number; retrying: number; failed: number };

function errorText(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.slice(0, 500);
}

/** Sends every due pending email, batch after batch; without a transport it leaves them all waiting. */
export async function deliverDueEmails(deps: SenderDeps): Promise<DeliveryOutcome> {
  const outcome: DeliveryOutcome = { sent: 0, retrying: 0, failed: 0 };
  const transport = deps.mail.transport;
  if (!transport) return outcome;
  for (;;) {
    const rows = await q.claimDueEmails(deps.db, BATCH, LEASE_SECONDS, deps.now());
    if (rows.length === 0) return outcome;
    for (const row of rows) {
      const refused = unsendableReason(row);
      if (refused) {
        await q.markEmailFailed(deps.db, row.id, `Not sent: ${refused}`);
        outcome.failed += 1;
        continue;
      }
      try {
        await transport.send({
          from: deps.mail.from,
          to: row.toAddress,
          subject: row.subject,
          text: row.textBody,
          html: row.htmlBody,
        });
        await q.markEmailSent(deps.db, row.id);
        outcome.sent += 1;
      } catch (err) {
        if (row.attempts >= MAX_SEND_ATTEMPTS) {
          await q.markEmailFailed(deps.db, row.id, `Gave up after ${row.attempts} attempts: ${errorText(err)}`);
          outcome.failed += 1;
        } else {
          const at = new Date(deps.now().getTime() + retryDelaySeconds(row.attempts) * 1000);
          await q.retryEmailLater(deps.db, row.id, errorText(err), at);
          outcome.retrying += 1;
        }
      }
    }
  }
}
