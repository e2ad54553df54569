import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { isComplexProject, matchDueAt } from "./match-promise";
import { DESCRIPTION_MAX, MESSAGES } from "./quote-request-limits";
import { BUDGET_NOT_SPECIFIED } from "./quote-request-options";
import {
  ADMIN_STATUSES,
  ADMIN_TO_STORED_STATUS,
  CLIENT_STATUS_LABELS,
  canCancel,
  clientStatus,
  QUOTE_REQUEST_STATUSES,
  STORED_TO_ADMIN_STATUS,
} from "./quote-request-status";
import {
  createQuoteRequestSchema,
  requirementsSchema,
  toCreateQuoteRequestBody,
  WIZARD_STEP_SCHEMAS,
  wizardSchema,
} from "./quote-requests";
import { validQuoteRequestBody, validWizard } from "./quote-requests.fixtures";
import { estimateRoi } from "./roi-estimate";
import { parseTimePerTaskText } from "./volume-and-time";

const [step1Schema, step2Schema, , step4Schema] = WIZARD_STEP_SCHEMAS;

/** The messages zod reports for a field, when the value is replaced. */
function messagesFor(schema: z.ZodType, data: Record<string, unknown>, field: string, value: unknown): string[] {
  const result = schema.safeParse({ ...data, [field]: value });
  if (result.success) return [];
  return result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}

/**
 * What each wizard step refuses, a step a line, by field: each value is answered with that field's
 * message of spec section 5, and that message alone.
 */
const REFUSED: Partial<Record<keyof typeof MESSAGES, unknown[]>>[] = [
  {
    fullName: ["", undefined],
    email: ["not-an-email", ""],
    companyName: [""],
    industry: ["", "aerospace"],
    location: [""],
  },
  { processName: [""], processDescription: [""], goals: [[]], frequency: ["", undefined] },
  { systems: [[]], systemTypes: [[]], triggerType: [""] },
  { tasksToAutomate: [""] },
  { hasDocumentation: [""], timeline: [""] },
  { requiresNDA: [""], locationPreference: [""], consent: [false] },
];

describe("wizard step schemas: the messages of spec section 5", () => {
  it.each(
    WIZARD_STEP_SCHEMAS.flatMap((schema, i) =>
      Object.entries(REFUSED[i] ?? {}).flatMap(([field, values]) =>
        (values ?? []).map((value) => ({ step: i + 1, schema, field: field as keyof typeof MESSAGES, value })),
      ),
    ),
  )("step $step answers $field = $value with its message", ({ schema, field, value }) => {
    expect(messagesFor(schema, validWizard, field, value)).toEqual([MESSAGES[field]]);
  });

  it("has the spec's exact texts", () => {
    expect(MESSAGES).toMatchObject({
      fullName: "Full name is required",
      email: "Valid email is required",
      companyName: "Company name is required",
      industry: "Please select an industry",
      location: "Location is required",
      processName: "Process name is required",
      processDescription: "Please provide a brief description",
      goals: "Please select at least one goal",
      frequency: "Please select frequency",
      systems: "Please select at least one system",
      systemTypes: "Please select system types",
      triggerType: "Please select trigger type",
      tasksToAutomate: "Please describe tasks to automate",
      hasDocumentation: "Please select an option",
      timeline: "Please select timeline",
      requiresNDA: "Please select an option",
      locationPreference: "Please select preference",
      consent: "Consent is required",
    });
  });

  it("accepts a complete wizard, and every step on its own", () => {
    expect(wizardSchema.safeParse(validWizard).success).toBe(true);
    for (const schema of WIZARD_STEP_SCHEMAS) expect(schema.safeParse(validWizard).success).toBe(true);
  });

  it("leaves department, volume, time per task, manual tasks, exceptions, budget and additional info optional", () => {
    const {
      department: _d,
      volume: _v,
      timePerTask: _t,
      manualTasks: _m,
      exceptions: _e,
      budget: _b,
      additionalInfo: _a,
      ...required
    } = validWizard;
    expect(wizardSchema.safeParse(required).success).toBe(true);
  });
});

describe("bounds: 2, 10 and 500 characters", () => {
  it.each([
    ["fullName", MESSAGES.fullName],
    ["companyName", MESSAGES.companyName],
    ["location", MESSAGES.location],
  ] as const)("%s needs at least 2 characters", (field, message) => {
    expect(messagesFor(step1Schema, validWizard, field, "A")).toEqual([message]);
    expect(messagesFor(step1Schema, validWizard, field, "AB")).toEqual([]);
    // Spaces do not count.
    expect(messagesFor(step1Schema, validWizard, field, " A ")).toEqual([message]);
  });

  it("processName needs at least 2 characters", () => {
    expect(messagesFor(step2Schema, validWizard, "processName", "X")).toEqual([MESSAGES.processName]);
    expect(messagesFor(step2Schema, validWizard, "processName", "XY")).toEqual([]);
  });

  it("processDescription needs 10 to 500 characters", () => {
    expect(messagesFor(step2Schema, validWizard, "processDescription", "x".repeat(9))).toEqual([
      MESSAGES.processDescription,
    ]);
    expect(messagesFor(step2Schema, validWizard, "processDescription", "x".repeat(10))).toEqual([]);
    expect(messagesFor(step2Schema, validWizard, "processDescription", "x".repeat(DESCRIPTION_MAX))).toEqual([]);
    expect(messagesFor(step2Schema, validWizard, "processDescription", "x".repeat(501))).toEqual([
      MESSAGES.processDescriptionMax,
    ]);
  });

  it("tasksToAutomate needs at least 10 characters", () => {
    expect(messagesFor(step4Schema, validWizard, "tasksToAutomate", "x".repeat(9))).toEqual([MESSAGES.tasksToAutomate]);
    expect(messagesFor(step4Schema, validWizard, "tasksToAutomate", "x".repeat(10))).toEqual([]);
  });

  it("volume and time per task are positive numbers within their limits", () => {
    expect(messagesFor(step2Schema, validWizard, "volume", { quantity: 0, per: "run" })).toEqual([MESSAGES.volume]);
    expect(messagesFor(step2Schema, validWizard, "volume", { quantity: 1.5, per: "run" })).toEqual([MESSAGES.volume]);
    expect(messagesFor(step2Schema, validWizard, "volume", { quantity: 5, per: "hour" })).toEqual([MESSAGES.volume]);
    expect(messagesFor(step2Schema, validWizard, "timePerTask", { value: 0, unit: "minutes" })).toEqual([
      MESSAGES.timePerTask,
    ]);
    expect(messagesFor(step2Schema, validWizard, "timePerTask", { value: 1001, unit: "hours" })).toEqual([
      MESSAGES.timePerTask,
    ]);
    expect(messagesFor(step2Schema, validWizard, "timePerTask", { value: 0.5, unit: "hours" })).toEqual([]);
  });

  it("refuses a volume and time that together exceed 10,000,000 hours a year, in the step, the wizard and the API body", () => {
    // 1,000,000 items a day x 10 hours = 2.5 billion hours a year: a typing mistake, and beyond any column.
    const huge = {
      ...validWizard,
      frequency: "daily" as const,
      volume: { quantity: 1_000_000, per: "day" as const },
      timePerTask: { value: 10, unit: "hours" as const },
    };
    expect(messagesFor(step2Schema, huge, "timePerTask", huge.timePerTask)).toEqual([MESSAGES.workload]);
    expect(messagesFor(wizardSchema, huge, "timePerTask", huge.timePerTask)).toEqual([MESSAGES.workload]);
    const body = toCreateQuoteRequestBody(huge);
    const parsed = requirementsSchema.safeParse(body.requirements);
    expect(parsed.success ? [] : parsed.error.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["timePerTask", MESSAGES.workload],
    ]);
    // Exactly at the limit passes: 40,000 a day x 60 minutes x 250 days = 10,000,000 hours.
    const atLimit = {
      ...huge,
      volume: { quantity: 40_000, per: "day" as const },
      timePerTask: { value: 1, unit: "hours" as const },
    };
    expect(messagesFor(step2Schema, atLimit, "timePerTask", atLimit.timePerTask)).toEqual([]);
    expect(MESSAGES.workload).toContain("10,000,000 hours a year");
  });
});

describe("wizard data to API body", () => {
  it("derives title, description, automationTypes and budgetRange, and puts the rest in requirements", () => {
    const body = toCreateQuoteRequestBody(validWizard);
    const {
      processName: _title,
      processDescription: _description,
      industry: _industry,
      goals: _automationTypes,
      budget: _budgetRange,
      timeline: _timeline,
      consent: _consent,
      ...rest
    } = validWizard;
    expect(body).toEqual({
      title: "Invoice processing",
      description: "We key supplier invoices from PDF into SAP by hand.",
      industry: "finance",
      automationTypes: ["Save time", "Reduce errors"],
      budgetRange: "$15k-$30k",
      timeline: "1-3months",
      // Every other answer, as given, but for the wizard's empty texts (manualTasks, additionalInfo).
      requirements: { ...rest, manualTasks: undefined, additionalInfo: undefined },
    });
    expect(body).not.toHaveProperty("consent");
    expect(body.requirements).not.toHaveProperty("consent");
    expect(createQuoteRequestSchema.safeParse(JSON.parse(JSON.stringify(body))).success).toBe(true);
  });

  it("sends 'Not specified' when no budget was chosen", () => {
    expect(toCreateQuoteRequestBody({ ...validWizard, budget: "" }).budgetRange).toBe(BUDGET_NOT_SPECIFIED);
    expect(toCreateQuoteRequestBody({ ...validWizard, budget: undefined }).budgetRange).toBe("Not specified");
  });

  it("the API body rejects unknown fields at both levels", () => {
    const body = JSON.parse(JSON.stringify(toCreateQuoteRequestBody(validWizard)));
    expect(createQuoteRequestSchema.safeParse({ ...body, consent: true }).success).toBe(false);
    expect(
      createQuoteRequestSchema.safeParse({ ...body, requirements: { ...body.requirements, isAdmin: true } }).success,
    ).toBe(false);
  });
});

describe("status vocabularies", () => {
  it("shows a client three values, with cancelled as closed labelled Cancelled", () => {
    expect(QUOTE_REQUEST_STATUSES.map(clientStatus)).toEqual(["open", "matched", "closed", "closed"]);
    expect(CLIENT_STATUS_LABELS.cancelled).toBe("Cancelled");
    expect(CLIENT_STATUS_LABELS.closed).toBe("Closed");
  });

  it("maps the admin's words one to one, both ways", () => {
    expect(ADMIN_TO_STORED_STATUS).toEqual({
      pending: "open",
      active: "matched",
      completed: "closed",
      cancelled: "cancelled",
    });
    for (const a of ADMIN_STATUSES) expect(STORED_TO_ADMIN_STATUS[ADMIN_TO_STORED_STATUS[a]]).toBe(a);
  });

  it("lets a client cancel only open and matched requests", () => {
    expect(QUOTE_REQUEST_STATUSES.filter(canCancel)).toEqual(["open", "matched"]);
  });
});

describe("complex projects and the match promise", () => {
  const simple = { budgetRange: "$15k-$30k", systems: ["SAP", "Outlook"], systemTypes: ["Desktop app"] };
  it("is complex at $50k+, at 3 or more systems, or with a mainframe", () => {
    expect(isComplexProject(simple)).toBe(false);
    expect(isComplexProject({ ...simple, budgetRange: "$50k+" })).toBe(true);
    expect(isComplexProject({ ...simple, budgetRange: "Not specified" })).toBe(false);
    expect(isComplexProject({ ...simple, systems: ["SAP", "Outlook", "Excel"] })).toBe(true);
    expect(isComplexProject({ ...simple, systemTypes: ["Web app", "Mainframe"] })).toBe(true);
  });

  it("promises a match in 48 hours, 72 for complex projects", () => {
    const at = new Date("2026-03-02T09:00:00Z");
    expect(matchDueAt(at, false).toISOString()).toBe("2026-03-04T09:00:00.000Z");
    expect(matchDueAt(at, true).toISOString()).toBe("2026-03-05T09:00:00.000Z");
  });
});

describe("ROI estimate: hours of manual work a year", () => {
  it("multiplies runs a year, items per run and time per item", () => {
    // 250 working days x 40 invoices x 6 minutes = 60,000 minutes = 1,000 hours
    expect(
      estimateRoi({
        frequency: "daily",
        volume: { quantity: 40, per: "run" },
        timePerTask: { value: 6, unit: "minutes" },
      }),
    ).toEqual({
      hoursPerYear: 1000,
      itemsPerYear: 10_000,
      minutesPerItem: 6,
      fullTimeShare: 50,
      assumedRunRate: false,
    });
  });

  it.each([
    ["weekly", { quantity: 10, per: "run" }, { value: 30, unit: "minutes" }, 260], // 52 x 10 x 0.5 h
    ["monthly", { quantity: 1, per: "run" }, { value: 2, unit: "hours" }, 24], // 12 x 1 x 2 h
    ["adhoc", { quantity: 5, per: "run" }, { value: 1, unit: "hours" }, 60], // assumed 12 runs
    ["adhoc", { quantity: 3, per: "week" }, { value: 20, unit: "minutes" }, 52], // 156 x 20 min
    ["monthly", { quantity: 20, per: "day" }, { value: 3, unit: "minutes" }, 250], // 5,000 x 3 min
    ["daily", { quantity: 100, per: "month" }, { value: 90, unit: "minutes" }, 1800], // 1,200 x 1.5 h
  ] as const)("%s, %j, %j: %i hours", (frequency, volume, timePerTask, hours) => {
    expect(estimateRoi({ frequency, volume, timePerTask })?.hoursPerYear).toBe(hours);
  });

  it("says when it assumed the run rate of an ad-hoc process", () => {
    const timePerTask = { value: 1, unit: "hours" } as const;
    expect(estimateRoi({ frequency: "adhoc", volume: { quantity: 5, per: "run" }, timePerTask })?.assumedRunRate).toBe(
      true,
    );
    expect(estimateRoi({ frequency: "adhoc", volume: { quantity: 5, per: "day" }, timePerTask })?.assumedRunRate).toBe(
      false,
    );
  });

  it("gives no estimate without both volume and time per task", () => {
    expect(estimateRoi({ frequency: "daily", volume: { quantity: 5, per: "run" } })).toBeNull();
    expect(estimateRoi({ frequency: "daily", timePerTask: { value: 5, unit: "minutes" } })).toBeNull();
  });
});

describe("time per task in words, and both in the API body (the spec's free text fields; volume: volume-and-time.unit.test.ts)", () => {
  it.each([
    ["5 minutes", { value: 5, unit: "minutes" }],
    ["5 min", { value: 5, unit: "minutes" }],
    ["1.5 h", { value: 1.5, unit: "hours" }],
    ["2 hours each", { value: 2, unit: "hours" }],
    ["90 seconds", { value: 1.5, unit: "minutes" }],
    ["10 mins per task", { value: 10, unit: "minutes" }],
  ] as const)("reads %j as %j", (text, time) => {
    expect(parseTimePerTaskText(text)).toEqual(time);
  });

  it.each(["5", "a few minutes", "5-10 minutes", "0 minutes", "2000 hours", "5 days"])("keeps %j as words", (text) => {
    expect(parseTimePerTaskText(text)).toBeUndefined();
  });

  it("the API body takes either form: words that read become structured and so an estimate; others stay words", () => {
    const base = validQuoteRequestBody().requirements;
    const read = requirementsSchema.parse({ ...base, volume: "400 a week", timePerTask: "5 minutes" });
    expect(read.volume).toEqual({ quantity: 400, per: "week" });
    expect(read.timePerTask).toEqual({ value: 5, unit: "minutes" });
    expect(
      estimateRoi({ frequency: read.frequency, volume: read.volume, timePerTask: read.timePerTask })?.hoursPerYear,
    ).toBe(Math.round((400 * 52 * 5) / 60));

    const kept = requirementsSchema.parse({ ...base, volume: "depends on the season", timePerTask: "a few minutes" });
    expect(kept.volume).toBe("depends on the season");
    expect(kept.timePerTask).toBe("a few minutes");
    expect(estimateRoi({ frequency: kept.frequency, volume: kept.volume, timePerTask: kept.timePerTask })).toBeNull();
  });

  it("refuses empty words and words past the limit, with the field's message", () => {
    const base = validQuoteRequestBody().requirements;
    const empty = requirementsSchema.safeParse({ ...base, volume: "  " });
    expect(empty.error?.issues.map((i) => i.message)).toContain(MESSAGES.volume);
    const long = requirementsSchema.safeParse({ ...base, timePerTask: "x".repeat(201) });
    expect(long.success).toBe(false);
  });

  it("words that read as more work than people could do are refused like the structured form", () => {
    const r = requirementsSchema.safeParse({
      ...validQuoteRequestBody().requirements,
      frequency: "daily",
      volume: "1,000,000 a day",
      timePerTask: "1000 hours",
    });
    expect(r.error?.issues.map((i) => i.message)).toContain(MESSAGES.workload);
  });
});
