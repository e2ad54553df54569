import { describe, expect, it } from "vitest";
import { validWizard } from "@/shared/quote-requests.fixtures";
import { isStepFilled, WIZARD_NEXT_LABELS, wizardStepFields } from "./wizard-flow";

describe("Next gating (required presence only)", () => {
  it("asks for each step's required fields", () => {
    expect(isStepFilled(1, {})).toBe(false);
    expect(isStepFilled(1, validWizard)).toBe(true);
    expect(isStepFilled(1, { ...validWizard, department: "" })).toBe(true);
    expect(isStepFilled(1, { ...validWizard, location: "  " })).toBe(false);
    expect(isStepFilled(2, { ...validWizard, goals: [] })).toBe(false);
    expect(isStepFilled(2, { ...validWizard, volume: undefined })).toBe(true);
    expect(isStepFilled(3, { ...validWizard, systemTypes: [] })).toBe(false);
    expect(isStepFilled(4, { ...validWizard, tasksToAutomate: "" })).toBe(false);
    expect(isStepFilled(5, { ...validWizard, budget: "" })).toBe(true);
    expect(isStepFilled(5, { ...validWizard, timeline: undefined })).toBe(false);
    expect(isStepFilled(6, { ...validWizard, consent: false })).toBe(false);
    expect(isStepFilled(6, validWizard)).toBe(true);
  });

  it("names the next step on each Next button", () => {
    expect(WIZARD_NEXT_LABELS).toEqual([
      "Next: Your Process",
      "Next: Your Systems",
      "Next: What Needs Automating",
      "Next: Timeline & Budget",
      "Next: Final Preferences",
    ]);
    expect(wizardStepFields(6)).toEqual([
      "requiresNDA",
      "locationPreference",
      "workplace",
      "additionalInfo",
      "consent",
    ]);
  });
});
