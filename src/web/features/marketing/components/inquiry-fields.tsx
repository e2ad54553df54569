// The fields the landing and pre-qualification forms share (spec section 3, "Lead"). Both post the
// same inquiry body to POST /api/leads; only the source and the budget ranges differ.
import type { UseFormReturn } from "react-hook-form";
import { budgetOptionsFor, type Inquiry, type InquiryInput, type InquirySource } from "@/shared/inquiries";
import { CheckboxField, HoneypotField, messageOf, SelectField, TextAreaField, TextField } from "./form-fields";

export type InquiryForm = UseFormReturn<InquiryInput, unknown, Inquiry>;

export function emptyInquiry(source: InquirySource): InquiryInput {
  return {
    source,
    name: "",
    email: "",
    company: "",
    processDescription: "",
    budgetEstimate: "",
    talkToConsultant: false,
    leaveBlank: "",
  };
}

export function InquiryFields({
  form,
  source,
  idPrefix,
  processLabel,
}: {
  form: InquiryForm;
  source: InquirySource;
  idPrefix: string;
  processLabel: string;
}) {
  const { register, formState } = form;
  const errors = formState.errors;
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          id={`${idPrefix}-name`}
          label="Full Name"
          autoComplete="name"
          registration={register("name")}
          error={messageOf(errors.name)}
        />
        <TextField
          id={`${idPrefix}-email`}
          label="Email Address"
          type="email"
          autoComplete="email"
          registration={register("email")}
          error={messageOf(errors.email)}
        />
      </div>
      <TextField
        id={`${idPrefix}-company`}
        label="Company Name"
        autoComplete="organization"
        registration={register("company")}
        error={messageOf(errors.company)}
      />
      <TextAreaField
        id={`${idPrefix}-process`}
        label={processLabel}
        placeholder="For example: we copy order data from emails into our ERP by hand, about 200 orders a day."
        registration={register("processDescription")}
        error={messageOf(errors.processDescription)}
      />
      <SelectField
        id={`${idPrefix}-budget`}
        label="Budget Estimate"
        optional
        emptyLabel="Select a budget range"
        options={budgetOptionsFor(source)}
        registration={register("budgetEstimate")}
        error={messageOf(errors.budgetEstimate)}
      />
      <CheckboxField
        id={`${idPrefix}-consultant`}
        label="I'd like to talk to an automation consultant"
        registration={register("talkToConsultant")}
      />
      <HoneypotField id={`${idPrefix}-leave-blank`} registration={register("leaveBlank")} />
    </>
  );
}
