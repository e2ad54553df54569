import { describe, expect, it } from "vitest";
import { clientCounts } from "./client-dashboard-page";
import { previewDescription } from "./format";

describe("dashboard figures", () => {
  it("shows the server's counts in the client's words: a cancelled request is completed (closed)", () => {
    const counts = {
      total: 5,
      byStatus: { open: 2, matched: 1, closed: 1, cancelled: 1 },
      hoursSavedPerYear: 0,
      withEstimate: 0,
    };
    expect(clientCounts(counts)).toEqual({ total: 5, open: 2, matched: 1, closed: 2 });
  });

  it("cuts descriptions to 150 characters at a word, with an ellipsis", () => {
    expect(previewDescription("x".repeat(150))).toBe("x".repeat(150));
    // One word longer than the preview: cut where the 150 characters end.
    expect(previewDescription("x".repeat(151))).toBe(`${"x".repeat(150)}…`);
    // Words of four letters and a space: the 150th character is the space after the 30th word.
    const words = Array.from({ length: 40 }, (_, i) => `w${String(i).padStart(3, "0")}`).join(" ");
    expect(previewDescription(words)).toBe(`${words.slice(0, 149)}…`);
    // A word across the 150th character is left out whole, and the comma before it too.
    const across = `${"a".repeat(140)}, crossing the line`;
    expect(previewDescription(across)).toBe(`${"a".repeat(140)}, crossing…`);
    expect(previewDescription(`${"a".repeat(145)}, thereafter`)).toBe(`${"a".repeat(145)}…`);
  });
});
