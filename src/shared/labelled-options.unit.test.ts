import { describe, expect, it } from "vitest";
import { z } from "zod";
import { labelledOptions } from "./labelled-options";
import { TIMELINE_LABELS, TIMELINES } from "./quote-request-options";

describe("labelledOptions", () => {
  it("reads the values from the table's keys, in the order written", () => {
    const { values, labels } = labelledOptions({ small: "Small", "6+months": "6+ months", other: "Other" });
    expect(values).toEqual(["small", "6+months", "other"]);
    expect(labels.other).toBe("Other");
    expect(z.enum(values).options).toEqual(values);
  });

  it("keeps the order the wizard shows, keys that are not names included", () => {
    expect(TIMELINES).toEqual(["asap", "1-3months", "3-6months", "6+months", "no-deadline"]);
    expect(TIMELINE_LABELS["6+months"]).toBe("6+ months");
  });
});
