// Spec screen 1: the public landing for signed-out visitors. Lead form (anchor lead-form), features
// and how it works; the header's Login and Get Started begin the session.
import { BadgeCheck, Clock, Gift, Headphones, Scale, ShieldCheck } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { deferredPart, LoadOnUse } from "@/web/components/load-on-use";
import { MarketingPage, type PageParts } from "./components/marketing-page";
import { FormCard, IconList, ScrollButton, StepList } from "./components/marketing-ui";
import content from "./content/landing.json";

const LEAD_FORM_ID = "lead-form";

// The form's code (react-hook-form) loads when the visitor first uses it (decision 120).
const leadForm = deferredPart(async () => (await import("./components/lead-form")).LeadForm);

const PARTS: PageParts = {
  icons: { BadgeCheck, Clock, Gift, Headphones, Scale, ShieldCheck },
  signInHref: "/api/login",
  slots: {
    leadForm: (
      <section
        id={LEAD_FORM_ID}
        aria-labelledby="lead-form-heading"
        className="scroll-mt-20 bg-white px-4 py-16 sm:py-20"
      >
        <div className="mx-auto grid max-w-6xl items-start gap-12 lg:grid-cols-2">
          <div>
            <h2 id="lead-form-heading" className="text-3xl font-bold tracking-tight text-slate-900">
              Get Free Quotes from Automation Experts
            </h2>
            <p className="mt-4 text-lg text-slate-600">
              Share a few details about your project. The more we know about the process, the better your matches.
            </p>
            <IconList items={content.formPromises} mark="yes" className="mt-8 space-y-4" />
          </div>
          <FormCard>
            <LoadOnUse name="lead-form" part={leadForm} />
          </FormCard>
        </div>
      </section>
    ),
    steps: (
      <>
        <StepList steps={content.steps} />
        <div className="mt-10 text-center">
          <ScrollButton target={LEAD_FORM_ID} size="lg">
            Submit Your Requirements
          </ScrollButton>
        </div>
      </>
    ),
  },
};

export function LandingPage() {
  return <MarketingPage path={PATHS.home} content={content} {...PARTS} />;
}
