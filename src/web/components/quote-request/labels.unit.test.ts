import { describe, expect, it } from "vitest";
import { timePerTaskLabel, volumeLabel, workplaceLabel } from "./labels";

describe("labels", () => {
  it("reads volume and time per task back as sentences", () => {
    expect(volumeLabel({ quantity: 1200, per: "month" })).toBe("1,200 items per month");
    expect(volumeLabel({ quantity: 1, per: "run" })).toBe("1 item each time it runs");
    expect(timePerTaskLabel({ value: 1, unit: "hours" })).toBe("1 hour per item");
    expect(timePerTaskLabel({ value: 2.5, unit: "minutes" })).toBe("2.5 minutes per item");
    expect(volumeLabel(undefined)).toBe("");
  });

  it("says whether the work needs someone on site, and nothing when the client did not answer", () => {
    expect(workplaceLabel("on-site")).toBe("Yes, someone must work on site");
    expect(workplaceLabel(undefined)).toBe("");
  });
});
