// Spec screen 1: the public landing for signed-out visitors. Lead form (anchor lead-form), features
// and how it works; the header's Login and Get Started begin the session.
import { BadgeCheck, CheckCircle2, Clock, Gift, Headphones, Scale, ShieldCheck } from "lucide-react";
import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { deferredPart, LoadOnUse } from "@/web/components/load-on-use";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import {
  ClosingCallToAction,
  type Feature,
  FeatureGrid,
  FormCard,
  Hero,
  IconList,
  MARKETPLACE_STATS,
  ScrollButton,
  Section,
  StatBand,
  type Step,
  StepList,
} from "./components/marketing-ui";

export const LEAD_FORM_ID = "lead-form";

// The form's code (react-hook-form) loads when the visitor first uses it (decision 120).
const leadForm = deferredPart(async () => (await import("./components/lead-form")).LeadForm);

const FEATURES: readonly Feature[] = [
  {
    icon: BadgeCheck,
    title: "Vetted Providers",
    text: "Every provider passes a portfolio review, reference checks and a technical assessment before seeing a request.",
  },
  {
    icon: Clock,
    title: "48-Hour Matching",
    text: "Get matched with the right providers within 48 hours, and no more than 72 for complex projects.",
  },
  {
    icon: Gift,
    title: "Free for Businesses",
    text: "Submitting a request and receiving quotes costs nothing. You pay only when you hire a provider.",
  },
  {
    icon: Scale,
    title: "Compare Quotes Side by Side",
    text: "Receive quotes from 2-3 providers and compare price, timeline and approach before you decide.",
  },
  {
    icon: ShieldCheck,
    title: "SOC 2 Compliant",
    text: "Your process details and company data are handled under SOC 2 controls and shared only with your matches.",
  },
  {
    icon: Headphones,
    title: "24/7 Support",
    text: "Our team is available around the clock to help you scope requirements and keep your project moving.",
  },
];

const STEPS: readonly Step[] = [
  {
    title: "Submit Your Requirements",
    text: "Describe the process you want to automate, the systems involved and your budget. It takes a few minutes.",
  },
  {
    title: "Get Matched",
    text: "We match you with 2-3 vetted providers who have automated similar processes in your industry.",
  },
  {
    title: "Compare Quotes",
    text: "Providers send their price, timeline and approach, typically within 24-48 hours of being matched.",
  },
  {
    title: "Choose & Execute",
    text: "Pick the provider that fits best and start your project with confidence.",
  },
];

const FORM_PROMISES = [
  "Matched with vetted providers within 48 hours",
  "Quotes from 2-3 providers who fit your needs",
  "Free to submit, no obligation to hire",
  "Your details shared only with your matches",
] as const;

export function LandingPage() {
  usePublicPageMeta(PATHS.home);
  return (
    <PublicLayout signInHref="/api/login">
      <Hero
        eyebrow="Trusted by businesses in 50+ countries"
        title="Find Vetted Automation Providers in 48 Hours"
        primary={{ label: "Get Free Quotes", target: LEAD_FORM_ID }}
        secondary={{ label: "See How It Works", to: PATHS.howItWorks }}
      >
        Tell us which process slows your team down. We match you with pre-screened automation experts, and you compare
        their quotes. Free for businesses.
      </Hero>

      <StatBand label="Marketplace in numbers" stats={MARKETPLACE_STATS} />

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
            <IconList
              items={FORM_PROMISES}
              icon={CheckCircle2}
              iconClassName="text-green-700"
              className="mt-8 space-y-4"
            />
          </div>
          <FormCard>
            <LoadOnUse name="lead-form" part={leadForm} />
          </FormCard>
        </div>
      </section>

      <Section
        id="features"
        title={`Why Businesses Choose ${BRAND_NAME}`}
        intro="Everything you need to find the right automation partner, without weeks of searching and vetting."
        tone="muted"
      >
        <FeatureGrid features={FEATURES} />
      </Section>

      <Section
        id="how-it-works"
        title="How It Works"
        intro="From first description to a running automation in four steps."
      >
        <StepList steps={STEPS} />
        <div className="mt-10 text-center">
          <ScrollButton target={LEAD_FORM_ID} size="lg">
            Submit Your Requirements
          </ScrollButton>
        </div>
      </Section>

      <ClosingCallToAction
        title="Are You an Automation Provider?"
        primary={{ label: "Join Our Provider Network", to: PATHS.providerRegistration }}
        secondary={{ label: "Learn About Vendor Leads", to: PATHS.forVendors }}
      >
        Receive qualified requests from businesses that are ready to automate, and grow your pipeline with less time
        spent on sales.
      </ClosingCallToAction>
    </PublicLayout>
  );
}
