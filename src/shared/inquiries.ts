// The public forms' bodies (spec sections 3 and 5). In code and tables these are "inquiries" and
// "vendor applications", never "leads", which are what matching delivers to providers.
import { z } from "zod";
import {
  budgetOptionsFor,
  budgetSource,
  INQUIRY_SOURCES,
  landingBudgetOptions,
  preQualificationBudgetOptions,
} from "./inquiry-options";
import { numberedPageOf } from "./paging";
import { PROVIDER_SPECIALTIES } from "./specialties";

const required = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `Must be at most ${max} characters`);
const email = z
  .string()
  .trim()
  .max(254, "Must be at most 254 characters")
  .pipe(z.email("Please enter a valid email address"));
/**
 * Hidden from people; a bot that fills every field fills this one too. Its name and label mean
 * nothing to browsers' autofill, which would otherwise fill a field called "website" for a person.
 */
const honeypot = z.string().max(200).optional();

export const inquirySchema = z
  .object({
    // Optional: the spec's client sends none, and the budget tells the forms apart (budgetSource).
    source: z.enum(INQUIRY_SOURCES).optional(),
    name: required("Name is required", 200),
    email,
    company: required("Company is required", 200),
    processDescription: required("Please describe the process you want to automate", 5000),
    budgetEstimate: z.string().trim().max(50).optional().or(z.literal("")),
    talkToConsultant: z.boolean().default(false),
    leaveBlank: honeypot,
  })
  .superRefine((v, ctx) => {
    if (!v.budgetEstimate) return;
    const options = v.source ? budgetOptionsFor(v.source) : [...landingBudgetOptions, ...preQualificationBudgetOptions];
    const allowed: readonly string[] = [...new Set(options.map((o) => o.value))];
    if (!allowed.includes(v.budgetEstimate)) {
      ctx.addIssue({
        code: "custom",
        path: ["budgetEstimate"],
        message: `Choose one of: ${allowed.join(", ")}`,
      });
    }
  })
  .transform((v) => ({ ...v, source: v.source ?? budgetSource(v.budgetEstimate) }));
export type InquiryInput = z.input<typeof inquirySchema>;
export type Inquiry = z.output<typeof inquirySchema>;

export const vendorApplicationSchema = z.object({
  name: required("Full name is required", 200),
  email,
  company: required("Company name is required", 200),
  specialties: z
    .array(z.enum(PROVIDER_SPECIALTIES, "Choose specialties from the list"))
    .min(1, "Select at least one specialty")
    .max(PROVIDER_SPECIALTIES.length),
  message: z.string().trim().max(5000, "Must be at most 5000 characters").optional().or(z.literal("")),
  leaveBlank: honeypot,
});
export type VendorApplicationInput = z.input<typeof vendorApplicationSchema>;
export type VendorApplication = z.output<typeof vendorApplicationSchema>;

// ---------------------------------------------------------------------------------------------
// What admins read: GET /api/admin/inquiries, GET /api/admin/vendor-applications
// ---------------------------------------------------------------------------------------------

/** A public form as the admins read it: who sent it, what the form asked (`fields`), from where and when. */
const storedForm = <T extends z.ZodRawShape>(fields: T) =>
  z.object({
    id: z.number().int(),
    name: z.string(),
    email: z.string(),
    company: z.string(),
    ...fields,
    ip: z.string(),
    createdAt: z.string(),
  });

export const storedInquirySchema = storedForm({
  source: z.string(),
  processDescription: z.string(),
  budgetEstimate: z.string().nullable(),
  talkToConsultant: z.boolean(),
});
export type StoredInquiry = z.infer<typeof storedInquirySchema>;

export const storedVendorApplicationSchema = storedForm({
  specialties: z.array(z.string()),
  message: z.string().nullable(),
});
export type StoredVendorApplication = z.infer<typeof storedVendorApplicationSchema>;

const numberedPage = <T extends z.ZodType>(item: T) => numberedPageOf(item).extend({ totalPages: z.number().int() });
export const inquiryPageSchema = numberedPage(storedInquirySchema);
export type InquiryPage = z.infer<typeof inquiryPageSchema>;
export const vendorApplicationPageSchema = numberedPage(storedVendorApplicationSchema);
export type VendorApplicationPage = z.infer<typeof vendorApplicationPageSchema>;
