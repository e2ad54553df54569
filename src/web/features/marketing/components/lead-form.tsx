// Spec screen 1 and sections 4, 5, 8: the landing lead form. Idle, submitting, then either a Thank You
// panel in place of the form, or the form as it was with an error toast. Only response.ok matters.
import { CheckCircle2 } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/web/components/ui/button";
import { InquirySubmitForm } from "./inquiry-fields";

export function LeadForm() {
  const [submitted, setSubmitted] = useState(false);

  if (submitted) return <ThankYouPanel onAnother={() => setSubmitted(false)} />;

  return (
    <InquirySubmitForm
      source="landing"
      idPrefix="lead"
      label="Get free quotes"
      submitLabel="Get My Free Quotes"
      thanks={{
        title: "Thank you for your interest!",
        description: "We'll connect you with qualified automation providers within 48 hours.",
      }}
      failure="Failed to submit form. Please try again."
      onSubmitted={() => setSubmitted(true)}
      footer={<p className="text-center text-sm text-slate-600">Free for businesses. No obligation.</p>}
    />
  );
}

function ThankYouPanel({ onAnother }: { onAnother: () => void }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  // The form the user was in is gone; moving focus tells screen-reader users what replaced it.
  useEffect(() => headingRef.current?.focus(), []);
  return (
    <div data-testid="lead-thank-you" className="py-6 text-center" role="status">
      <CheckCircle2 className="mx-auto h-14 w-14 text-green-600" aria-hidden="true" />
      <h3 ref={headingRef} tabIndex={-1} className="mt-4 text-2xl font-bold text-slate-900 focus:outline-none">
        Thank You!
      </h3>
      <p className="mx-auto mt-3 max-w-md text-slate-600">
        We have received your request. We'll connect you with qualified automation providers within 48 hours.
      </p>
      <Button type="button" variant="outline" className="mt-6" onClick={onAnother}>
        Submit Another Request
      </Button>
    </div>
  );
}
