// A complete, valid wizard and the API body it sends: the tests of the shared schemas and of the
// wizard's steps start from the wizard, the API tests from its body. Test code only: nothing the
// browser or the server ships imports this file.
import {
  type CreateQuoteRequestInput,
  type Requirements,
  toCreateQuoteRequestBody,
  type WizardData,
} from "./quote-requests";

export const validWizard: WizardData = {
  fullName: "Ada Lovelace",
  email: "ada@example.com",
  companyName: "Analytical Engines Ltd",
  industry: "finance",
  department: "Accounts payable",
  location: "London, UK",
  processName: "Invoice processing",
  processDescription: "We key supplier invoices from PDF into SAP by hand.",
  goals: ["Save time", "Reduce errors"],
  frequency: "daily",
  volume: { quantity: 40, per: "run" },
  timePerTask: { value: 6, unit: "minutes" },
  systems: ["SAP", "Outlook"],
  systemTypes: ["Desktop app"],
  triggerType: "event",
  tasksToAutomate: "Read the invoice, match the PO, enter it in SAP.",
  manualTasks: "",
  exceptions: "Invoices without a PO number go to a person.",
  hasDocumentation: "in-progress",
  timeline: "1-3months",
  budget: "$15k-$30k",
  requiresNDA: "yes",
  locationPreference: "global",
  additionalInfo: "",
  consent: true,
};

export type QuoteRequestBodyOverrides = Partial<Omit<CreateQuoteRequestInput, "requirements">> & {
  requirements?: Partial<Requirements>;
};

/**
 * What the valid wizard sends to POST /api/quote-requests, with fields replaced: the top-level ones
 * as given, those of `requirements` one by one (the others kept). As it goes over the wire: the
 * answers left empty (undefined) are not in it.
 */
export function validQuoteRequestBody(over: QuoteRequestBodyOverrides = {}): CreateQuoteRequestInput {
  const base = toCreateQuoteRequestBody(validWizard);
  const body = { ...base, ...over, requirements: { ...base.requirements, ...over.requirements } };
  return JSON.parse(JSON.stringify(body)) as CreateQuoteRequestInput;
}
