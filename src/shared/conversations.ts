// Conversations (issue 16): one thread per lead between the request's client and the lead's provider
// company. The bodies of the conversation API, read by the browser and answered by the server.
import { z } from "zod";
import { fileIdsSchema, storedFileSchema } from "./files";
import { idField, idParam, idParams } from "./ids";
import { labelledOptions } from "./labelled-options";
import { type PageQuery, pageQuerySchema } from "./paging";
import { reasonWithNote } from "./text-fields";

export const MESSAGE_SIDES = ["client", "provider"] as const;
export type MessageSide = (typeof MESSAGE_SIDES)[number];

/** The longest message, in characters: room for a detailed question, not for a document. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Messages in one page of a thread: the newest first, older ones on scroll. */
export const MESSAGE_PAGE_SIZE = 30;
/** At most one email per thread and recipient in this window; the bell gets every message. */
export const MESSAGE_EMAIL_WINDOW_MINUTES = 15;

/** POST /api/conversations/{leadId}/messages */
export const sendMessageSchema = z
  .object({
    body: z
      .string({ error: "Write a message." })
      .trim()
      .max(MESSAGE_MAX_LENGTH, `A message can be at most ${MESSAGE_MAX_LENGTH} characters.`)
      .default(""),
    /** Files uploaded beforehand (POST /api/files, decision 176); a message may be files alone. */
    fileIds: fileIdsSchema.optional(),
  })
  .refine((m) => m.body.length > 0 || (m.fileIds?.length ?? 0) > 0, { message: "Write a message.", path: ["body"] });
export type SendMessageInput = z.infer<typeof sendMessageSchema>;

export const conversationParamsSchema = z.object({
  leadId: idParam("a conversation id"),
});

export const messageParamsSchema = idParams("a message id");

/** GET /api/conversations/{leadId}/messages?cursor=&limit=: asked for like every keyset list. */
export const messagePageQuerySchema = pageQuerySchema;
export type MessagePageQuery = PageQuery;

export const messageSchema = z.object({
  id: z.number().int(),
  leadId: z.number().int(),
  side: z.enum(MESSAGE_SIDES),
  /** True when the reader's own side wrote it. */
  mine: z.boolean(),
  /** The writer as the reader sees them: the company's name for the provider, the client's first name. */
  authorName: z.string(),
  /** Null when an admin removed the message (hidden is then true). */
  body: z.string().nullable(),
  hidden: z.boolean(),
  createdAt: z.string(),
  /** Its attachments (decision 176); none once an admin hid the message. */
  files: z.array(storedFileSchema).optional(),
});
export type Message = z.infer<typeof messageSchema>;

/** A page of a thread, newest first; `nextCursor` names the older page, null on the oldest. */
export const messagePageSchema = z.object({
  messages: z.array(messageSchema),
  nextCursor: z.string().nullable(),
});
export type MessagePage = z.infer<typeof messagePageSchema>;

/** GET /api/conversations/{leadId}: the thread's header and state for the reader. */
export const conversationSchema = z.object({
  leadId: z.number().int(),
  quoteRequestId: z.number().int(),
  title: z.string(),
  /** Who the reader talks to: the provider company's name for the client, the client's first name for the provider. */
  counterpartName: z.string(),
  /** The reader's side. */
  side: z.enum(MESSAGE_SIDES),
  /** False when the thread is closed to the reader: the lead was declined, or closed without a hire. */
  canWrite: z.boolean(),
  /** Why the reader cannot write, in words, when canWrite is false. */
  closedReason: z.string().nullable(),
  /** Messages of the other side the reader has not read. */
  unread: z.number().int(),
  /** The id of the last message of the reader's side the other side has read ("Seen"), 0 when none. */
  seenUpTo: z.number().int(),
});
export type Conversation = z.infer<typeof conversationSchema>;

/** POST /api/conversations/{leadId}/read: marks read up to a message (the newest when left out). */
export const markReadSchema = z.object({
  upTo: idField("a message id").optional(),
});
export const markReadResultSchema = z.object({ unread: z.number().int(), readUpTo: z.number().int() });

/** One of a client's threads on a request's page, beside that provider's quote. */
export const requestThreadSchema = z.object({
  leadId: z.number().int(),
  companyName: z.string(),
  unread: z.number().int(),
  canWrite: z.boolean(),
  lastMessage: z.object({ body: z.string().nullable(), side: z.enum(MESSAGE_SIDES), createdAt: z.string() }).nullable(),
});
export type RequestThread = z.infer<typeof requestThreadSchema>;

/** GET /api/quote-requests/{id}/conversations: the client's threads, one per matched provider. */
export const requestThreadsSchema = z.object({ threads: z.array(requestThreadSchema) });
export type RequestThreads = z.infer<typeof requestThreadsSchema>;

/** GET /api/conversations/unread: the sidebar's and the dashboards' unread counts. */
export const unreadSummarySchema = z.object({
  total: z.number().int(),
  threads: z.array(z.object({ leadId: z.number().int(), quoteRequestId: z.number().int(), unread: z.number().int() })),
});
export type UnreadSummary = z.infer<typeof unreadSummarySchema>;

// Reports of abuse: either party may report a message of the other side; an admin acts on it.
export const { values: MESSAGE_REPORT_REASONS, labels: MESSAGE_REPORT_REASON_LABELS } = labelledOptions({
  spam: "Spam or advertising",
  harassment: "Harassment or abuse",
  scam: "Scam or fraud",
  off_platform: "Asks to pay or talk outside the marketplace",
  other: "Something else",
});
export const MESSAGE_REPORT_STATUSES = ["open", "resolved", "dismissed"] as const;
export type MessageReportStatus = (typeof MESSAGE_REPORT_STATUSES)[number];
export const MESSAGE_REPORT_NOTE_MAX = 1000;

/** POST /api/messages/{id}/report */
export const reportMessageSchema = reasonWithNote(
  MESSAGE_REPORT_REASONS,
  "reporting this message",
  MESSAGE_REPORT_NOTE_MAX,
);
export type ReportMessageInput = z.infer<typeof reportMessageSchema>;
