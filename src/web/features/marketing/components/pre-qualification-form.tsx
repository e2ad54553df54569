// Spec screen 13 and sections 4, 5, 8: the pre-qualification form on /schedule. On success the
// fields empty and the checkbox clears, so the same page can take the next submission.
import { InquirySubmitForm } from "./inquiry-fields";

export function PreQualificationForm() {
  return (
    <InquirySubmitForm
      source="pre-qualification"
      idPrefix="prequal"
      label="Pre-qualification"
      submitLabel="Submit Pre-Qualification"
      thanks={{
        title: "Pre-qualification Submitted!",
        description: "We'll use this information to prepare for your call.",
      }}
      failure="There was an error submitting your information. Please try again."
    />
  );
}
