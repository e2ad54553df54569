import { describe, expect, it } from "vitest";
import { unreadForLead, unreadForRequest } from "./conversation-unread";

describe("unread counts of the dashboards' rows", () => {
  const summary = {
    total: 6,
    threads: [
      { leadId: 1, quoteRequestId: 10, unread: 2 },
      { leadId: 2, quoteRequestId: 10, unread: 3 },
      { leadId: 3, quoteRequestId: 11, unread: 1 },
    ],
  };
  it("adds a request's threads, and finds a lead's", () => {
    expect(unreadForRequest(summary, 10)).toBe(5);
    expect(unreadForRequest(summary, 12)).toBe(0);
    expect(unreadForLead(summary, 3)).toBe(1);
    expect(unreadForLead(summary, 4)).toBe(0);
    expect(unreadForLead(undefined, 3)).toBe(0);
  });
});
