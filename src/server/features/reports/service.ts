// Reports of abuse (decision 134): a party of a thread reports a message of the other side, which raises
// an alert; an admin reads the report with its thread and hides the message, suspends the author
// (admin/users.ts, decision 135) or dismisses the report. Each admin act is written to the activity log
// in its transaction, and resolves the report's alert with it.
import type { SQL } from "drizzle-orm";
import { MESSAGE_REPORT_REASON_LABELS, type ReportMessageInput } from "@/shared/conversations";
import {
  type AdminMessage,
  type AdminReport,
  type AdminReportDetail,
  type AdminReportsQuery,
  ALREADY_REPORTED_MESSAGE,
  type DismissReportInput,
  HIDDEN_MESSAGE_REPORT_MESSAGE,
  type HideMessageResult,
  MESSAGE_REPORTED_ALERT,
  type MessageReportCreated,
  OWN_MESSAGE_REPORT_MESSAGE,
  REPORT_THANKS_MESSAGE,
  REPORT_THREAD_CONTEXT,
  RESOLUTION_KINDS,
  type ResolutionKind,
} from "@/shared/reports";
import type { Db } from "../../db/client";
import type { UserRow } from "../../db/schema/users";
import { BadRequestError, ConflictError, NotFoundError } from "../../errors";
import { idCursor, pageLimit, toPage } from "../../http/paging";
import { publishLiveEvent } from "../../live/publish";
import { logActivity } from "../activity/service";
import { raiseAlert } from "../alerts/service";
import { scrubHiddenMessageFromBell } from "../conversations/service";
import { filesFor } from "../files/service";
import * as q from "./queries";

const MESSAGE_NOT_FOUND = "No message has this id.";
const REPORT_NOT_FOUND = "No report has this id.";

// ---------------------------------------------------------------------------------------------
// A party reports a message
// ---------------------------------------------------------------------------------------------

export async function reportMessage(
  db: Db,
  user: UserRow,
  messageId: number,
  input: ReportMessageInput,
): Promise<MessageReportCreated> {
  return db.transaction(async (tx) => {
    const found = await q.findMessageWithParties(tx, messageId);
    const sides = found
      ? [...(found.clientId === user.id ? ["client"] : []), ...(found.providerUserId === user.id ? ["provider"] : [])]
      : [];
    // Someone outside the thread learns nothing of it, not even that the message exists.
    if (!found || sides.length === 0) throw new NotFoundError(MESSAGE_NOT_FOUND);
    const { message } = found;
    if (sides.includes(message.side) || message.senderId === user.id) {
      throw new BadRequestError(OWN_MESSAGE_REPORT_MESSAGE);
    }
    if (message.hiddenAt) throw new ConflictError(HIDDEN_MESSAGE_REPORT_MESSAGE);
    const note = input.note && input.note.length > 0 ? input.note : null;
    const id = await q.insertReport(tx, { messageId, reporterId: user.id, reason: input.reason, note });
    if (id === undefined) throw new ConflictError(ALREADY_REPORTED_MESSAGE);
    const by = message.side === "client" ? "the client" : found.companyName;
    await raiseAlert(tx, {
      type: MESSAGE_REPORTED_ALERT,
      severity: "medium",
      title: "A message was reported",
      description: `${user.firstName} ${user.lastName} reported a message from ${by} on "${found.title}": ${MESSAGE_REPORT_REASON_LABELS[input.reason]}.`,
      resourceType: "message_report",
      resourceId: id,
      cause: `message_report:${id}`,
    });
    return { id, status: "open", message: REPORT_THANKS_MESSAGE };
  });
}

// ---------------------------------------------------------------------------------------------
// The admin's reads
// ---------------------------------------------------------------------------------------------

type Person = {
  id: number | null;
  firstName: string | null;
  lastName: string | null;
  email: string | null;
  userType: UserRow["userType"] | null;
  suspendedAt: Date | null;
};

function toPerson(p: Person) {
  if (p.id === null || p.firstName === null || p.lastName === null || p.email === null || p.userType === null) {
    return null;
  }
  return {
    id: p.id,
    firstName: p.firstName,
    lastName: p.lastName,
    email: p.email,
    userType: p.userType,
    suspended: p.suspendedAt !== null,
  };
}

function toAdminMessage({ message: m, author }: q.ThreadJoined): AdminMessage {
  return {
    id: m.id,
    leadId: m.leadId,
    side: m.side,
    body: m.body,
    hidden: m.hiddenAt !== null,
    hiddenAt: m.hiddenAt?.toISOString() ?? null,
    hiddenReason: m.hiddenReason,
    createdAt: m.createdAt.toISOString(),
    author: toPerson(author),
  };
}

/** The stored resolution is "kind" or "kind: the admin's note". */
export function resolutionText(kind: ResolutionKind, note: string | null | undefined): string {
  return note ? `${kind}: ${note}` : kind;
}

function parseResolution(text: string | null): AdminReport["resolution"] {
  if (text === null) return null;
  const i = text.indexOf(":");
  const head = i < 0 ? text : text.slice(0, i);
  const kind = RESOLUTION_KINDS.find((k) => k === head);
  if (!kind) return { kind: "dismissed", note: text };
  return { kind, note: i < 0 ? null : text.slice(i + 1).trim() || null };
}

function toAdminReport(r: q.ReportJoined): AdminReport {
  return {
    id: r.report.id,
    status: r.report.status,
    reason: r.report.reason,
    note: r.report.note,
    createdAt: r.report.createdAt.toISOString(),
    message: toAdminMessage({ message: r.message, author: r.author }),
    reporter: toPerson(r.reporter),
    request: { id: r.requestId, title: r.title },
    companyName: r.companyName,
    resolution: parseResolution(r.report.resolution),
    resolvedAt: r.report.resolvedAt?.toISOString() ?? null,
    resolvedBy: r.resolver,
  };
}

export async function listReports(db: Db, query: AdminReportsQuery) {
  const limit = pageLimit(query.limit);
  const rows = await q.listReports(db, { status: query.status, before: idCursor(query.cursor), limit });
  return toPage(rows, limit, toAdminReport, (r) => r.report.id);
}

export function countOpenReports(db: Db): Promise<number> {
  return q.countOpenReports(db);
}

async function findReport(db: Db, id: number): Promise<AdminReport> {
  const row = await q.findReport(db, id);
  if (!row) throw new NotFoundError(REPORT_NOT_FOUND);
  return toAdminReport(row);
}

/** The report and the thread around its message: REPORT_THREAD_CONTEXT messages each way, oldest first. */
export async function reportDetail(db: Db, id: number): Promise<AdminReportDetail> {
  const report = await findReport(db, id);
  const thread = await q.threadAround(db, report.message.leadId, report.message.id, REPORT_THREAD_CONTEXT);
  const files = await filesFor(
    db,
    "messageId",
    thread.messages.map((m) => m.message.id),
  );
  return {
    report,
    thread: {
      messages: thread.messages.map((m) => ({ ...toAdminMessage(m), files: files.get(m.message.id) ?? [] })),
      moreBefore: thread.moreBefore,
      moreAfter: thread.moreAfter,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The admin's acts
// ---------------------------------------------------------------------------------------------

/** Hides a message from the parties (it stays for the record) and resolves its open reports. */
export async function hideMessage(db: Db, admin: UserRow, id: number, reason: string): Promise<HideMessageResult> {
  return db.transaction(async (tx) => {
    const message = await q.lockMessage(tx, id);
    if (!message) throw new NotFoundError(MESSAGE_NOT_FOUND);
    if (message.hiddenAt) throw new ConflictError("This message is already hidden.");
    await q.hideMessage(tx, id, reason);
    const resolved = await closeReports(tx, admin, q.reportsOfMessage(id), "hidden", reason);
    await logActivity(tx, {
      adminId: admin.id,
      action: "hide_message",
      resourceType: "message",
      resourceId: id,
      details: {
        leadId: message.leadId,
        oldHidden: false,
        newHidden: true,
        reason,
        resolvedReports: resolved,
      },
    });
    // The parties' open threads refetch, and show the message as removed; the bell stops quoting it.
    const parties = await q.findMessageWithParties(tx, id);
    if (parties) {
      await scrubHiddenMessageFromBell(tx, message, parties);
      await publishLiveEvent(tx, [parties.clientId, parties.providerUserId], {
        type: "message",
        leadId: message.leadId,
      });
    }
    const row = await q.findThreadMessage(tx, id);
    if (!row) throw new NotFoundError(MESSAGE_NOT_FOUND);
    return { message: toAdminMessage(row), resolvedReports: resolved.length };
  });
}

/** Closes an open report without acting on the message. */
export async function dismissReport(
  db: Db,
  admin: UserRow,
  id: number,
  input: DismissReportInput,
): Promise<AdminReport> {
  return db.transaction(async (tx) => {
    const note = input.note && input.note.length > 0 ? input.note : null;
    const closed = await closeReports(tx, admin, q.reportById(id), "dismissed", note);
    const report = await findReport(tx, id);
    if (closed.length === 0) throw new ConflictError(alreadyClosed(report));
    await logActivity(tx, {
      adminId: admin.id,
      action: "dismiss_report",
      resourceType: "message_report",
      resourceId: id,
      details: { messageId: report.message.id, oldStatus: "open", newStatus: "dismissed", note },
    });
    return report;
  });
}

function alreadyClosed(report: AdminReport): string {
  const by = report.resolvedBy ? `${report.resolvedBy.firstName} ${report.resolvedBy.lastName}` : "another admin";
  return `This report was already ${report.status} by ${by}.`;
}

/** On a suspension: the open reports of the user's messages are resolved ("suspended"). Answers their ids. */
export async function resolveReportsOfAuthor(tx: Db, admin: UserRow, userId: number, reason: string) {
  return closeReports(tx, admin, q.reportsOfAuthor(userId), "suspended", reason);
}

/**
 * Closes the open reports that match `which` with the admin's outcome (dismissed, or resolved by hiding the
 * message or suspending its author), and the alerts raised for them. Answers the closed reports' ids.
 */
async function closeReports(tx: Db, admin: UserRow, which: SQL, kind: ResolutionKind, note: string | null) {
  const closed = await q.closeOpenReports(tx, which, {
    status: kind === "dismissed" ? "dismissed" : "resolved",
    resolution: resolutionText(kind, note),
    resolvedById: admin.id,
  });
  await q.resolveReportAlerts(tx, closed, admin.id, MESSAGE_REPORTED_ALERT);
  return closed;
}
