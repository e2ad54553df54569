// Live updates (issue 16): what the server's event stream (GET /api/events, Server-Sent Events) tells a
// signed-in tab. Each event only says what changed; the tab then refetches what it shows of it, so
// that an event never carries data the reader could not read through the API.
import { z } from "zod";

export const LIVE_EVENT_TYPES = ["notification", "message", "read", "quote", "lead", "session-ended"] as const;
export type LiveEventType = (typeof LIVE_EVENT_TYPES)[number];

export const liveEventSchema = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  leadId: z.number().int().optional(),
  quoteRequestId: z.number().int().optional(),
});
/** What one event says: the kind of change and, where it has one, the lead and the request it is about. */
export type LiveEvent = z.infer<typeof liveEventSchema>;
