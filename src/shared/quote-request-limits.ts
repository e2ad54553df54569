// The quote request's limits (spec section 9) and the spec's section 5 messages, each written once: the
// wizard, the API's validation and the tests read them from here.

export const WIZARD_STEPS = 6;
export const NAME_MIN = 2;
export const DESCRIPTION_MIN = 10;
export const DESCRIPTION_MAX = 500;
export const TASKS_MIN = 10;
/** Dashboard preview of a request's description (spec section 9). */
export const DESCRIPTION_PREVIEW = 150;
/** Upper bounds the spec leaves open; they only stop abuse (decision 011). */
export const SHORT_TEXT_MAX = 200;
export const LONG_TEXT_MAX = 2000;
export const VOLUME_MAX = 1_000_000;
export const TIME_PER_TASK_MAX = 1000;
/** Volume × time beyond this many hours a year (5,000 full-time people) is a typing mistake. */
export const WORKLOAD_HOURS_MAX = 10_000_000;

export const MESSAGES = {
  fullName: "Full name is required",
  email: "Valid email is required",
  companyName: "Company name is required",
  industry: "Please select an industry",
  location: "Location is required",
  processName: "Process name is required",
  processDescription: "Please provide a brief description",
  processDescriptionMax: `Please keep the description to ${DESCRIPTION_MAX} characters or fewer`,
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
  shortTextMax: `Please keep this to ${SHORT_TEXT_MAX} characters or fewer`,
  longTextMax: `Please keep this to ${LONG_TEXT_MAX} characters or fewer`,
  volume: `Enter a whole number of items from 1 to ${VOLUME_MAX.toLocaleString("en-US")}`,
  timePerTask: `Enter a time above 0 and at most ${TIME_PER_TASK_MAX}`,
  workload: `Together, the volume and the time per task come to more than ${WORKLOAD_HOURS_MAX.toLocaleString("en-US")} hours a year. Please check both.`,
  budget: "Please select a budget from the list",
} as const;
