// The form the landing and pre-qualification pages share (spec section 3, "Lead"). Both post the
// same inquiry body to POST /api/leads; only the source, the budget ranges and the texts differ.
import type { ReactNode } from "react";
import { type UseFormReturn, useForm } from "react-hook-form";
import type { Inquiry, InquiryInput } from "@/shared/inquiries";
import { budgetOptionsFor, type InquirySource } from "@/shared/inquiry-options";
import { bound, CheckboxInputField, SelectField, TextareaField } from "@/web/components/ui/form-fields";
import type { ToastInput } from "@/web/components/ui/use-toast";
import { lazyResolver } from "@/web/lib/lazy-resolver";
import { useSubmitInquiry } from "../api";
import { ContactFields, HoneypotField, PublicForm, submissionToasts } from "./form-fields";

type InquiryForm = UseFormReturn<InquiryInput, unknown, Inquiry>;

const inquiryResolver = lazyResolver<InquiryInput, Inquiry>(async () => {
  const [{ zodResolver }, { inquirySchema }] = await Promise.all([
    import("@hookform/resolvers/zod"),
    import("@/shared/inquiries"),
  ]);
  return zodResolver(inquirySchema);
});

function emptyInquiry(source: InquirySource): InquiryInput {
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

/** The inquiry form of one source: on success it empties, thanks, and tells `onSubmitted`. */
export function InquirySubmitForm({
  source,
  idPrefix,
  label,
  submitLabel,
  thanks,
  failure,
  onSubmitted,
  footer,
}: {
  source: InquirySource;
  idPrefix: string;
  label: string;
  submitLabel: string;
  thanks: ToastInput;
  failure: string;
  onSubmitted?: () => void;
  footer?: ReactNode;
}) {
  const form = useForm<InquiryInput, unknown, Inquiry>({
    resolver: inquiryResolver,
    mode: "onTouched",
    defaultValues: emptyInquiry(source),
  });
  const submit = useSubmitInquiry(
    submissionToasts(thanks, failure, () => {
      form.reset(emptyInquiry(source));
      onSubmitted?.();
    }),
  );
  return (
    <PublicForm
      label={label}
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
      isPending={submit.isPending}
      submitLabel={submitLabel}
      pendingLabel="Submitting..."
      footer={footer}
    >
      <InquiryFields
        form={form}
        source={source}
        idPrefix={idPrefix}
        processLabel="Describe the process you want to automate"
      />
    </PublicForm>
  );
}

function InquiryFields({
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
  return (
    <>
      <ContactFields idPrefix={idPrefix} form={form} />
      <TextareaField
        {...bound(form, "processDescription")}
        id={`${idPrefix}-process`}
        label={processLabel}
        required
        rows={4}
        placeholder="For example: we copy order data from emails into our ERP by hand, about 200 orders a day."
      />
      <SelectField
        {...bound(form, "budgetEstimate")}
        id={`${idPrefix}-budget`}
        label="Budget Estimate"
        optional
        emptyOption="Select a budget range"
        options={budgetOptionsFor(source)}
      />
      <CheckboxInputField
        {...bound(form, "talkToConsultant")}
        id={`${idPrefix}-consultant`}
        label="I'd like to talk to an automation consultant"
        labelClassName="font-normal text-slate-700"
        controlClassName="mt-0.5 h-4 w-4 shrink-0 rounded border-slate-400 accent-blue-600 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
      />
      <HoneypotField id={`${idPrefix}-leave-blank`} registration={form.register("leaveBlank")} />
    </>
  );
}
