// Spec screen 13 and sections 4, 5, 8: the pre-qualification form on /schedule. On success the
// fields empty and the checkbox clears, so the same page can take the next submission.
import { zodResolver } from "@hookform/resolvers/zod";
import { useForm } from "react-hook-form";
import { type Inquiry, type InquiryInput, inquirySchema } from "@/shared/inquiries";
import { Button } from "@/web/components/ui/button";
import { toast } from "@/web/components/ui/use-toast";
import { useSubmitInquiry } from "../api";
import { emptyInquiry, InquiryFields } from "./inquiry-fields";

const SUCCESS_TOAST = {
  title: "Pre-qualification Submitted!",
  description: "We'll use this information to prepare for your call.",
} as const;
const ERROR_TOAST = {
  title: "Error",
  description: "There was an error submitting your information. Please try again.",
  variant: "destructive",
} as const;

export function PreQualificationForm() {
  const form = useForm<InquiryInput, unknown, Inquiry>({
    resolver: zodResolver(inquirySchema),
    mode: "onTouched",
    defaultValues: emptyInquiry("pre-qualification"),
  });
  const submit = useSubmitInquiry({
    onSuccess: () => {
      form.reset(emptyInquiry("pre-qualification"));
      toast(SUCCESS_TOAST);
    },
    onError: () => toast(ERROR_TOAST),
  });

  return (
    <form
      noValidate
      aria-label="Pre-qualification"
      className="relative space-y-5"
      onSubmit={form.handleSubmit((values) => submit.mutate(values))}
    >
      <InquiryFields
        form={form}
        source="pre-qualification"
        idPrefix="prequal"
        processLabel="Describe the process you want to automate"
      />
      <Button type="submit" size="lg" className="w-full" disabled={submit.isPending}>
        {submit.isPending ? "Submitting..." : "Submit Pre-Qualification"}
      </Button>
    </form>
  );
}
