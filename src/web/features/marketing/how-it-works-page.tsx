// Spec screen 11: how the marketplace works for a business, with the six-entry FAQ.
import { BadgeCheck, Clock, ShieldCheck } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { Faq, HOW_IT_WORKS_FAQ } from "./components/faq";
import {
  ClosingCallToAction,
  type Feature,
  FeatureGrid,
  Hero,
  Section,
  type Step,
  StepList,
} from "./components/marketing-ui";

const STEPS: readonly Step[] = [
  {
    title: "Submit Your Automation Request",
    text: "Tell us about the process you want to automate: what it does today, the systems involved, your timeline and budget. It takes about five minutes and costs nothing.",
  },
  {
    title: "We Match You with Vetted Vendors",
    text: "Our matching compares your requirements with every provider in the network and selects the best fits.",
    points: ["AI-powered matching", "Pre-screened providers", "Industry experience", "Multiple options"],
  },
  {
    title: "Get Quotes or Book a Consult",
    text: "Receive tailored quotes from your matched providers, or book a call with them to talk through the approach before you commit.",
  },
];

const HIGHLIGHTS: readonly Feature[] = [
  {
    icon: Clock,
    title: "48-Hour Matching",
    text: "Most requests are matched within 48 hours; complex projects within 72.",
  },
  {
    icon: BadgeCheck,
    title: "Verified Providers",
    text: "Every provider is reviewed, reference-checked and technically assessed before joining.",
  },
  {
    icon: ShieldCheck,
    title: "Quality Guaranteed",
    text: "Not happy with your matches? We refine your requirements and find more options at no extra cost.",
  },
];

export function HowItWorksPage() {
  usePublicPageMeta(PATHS.howItWorks);
  return (
    <PublicLayout>
      <Hero
        eyebrow="Simple, fast and free for businesses"
        title="How It Works"
        primary={{ label: "Get Started Now", to: PATHS.home }}
        secondary={{ label: "Schedule a Call", to: PATHS.schedule }}
      >
        From your first description to quotes from vetted automation providers, in three steps. We do the searching and
        vetting so you can focus on choosing.
      </Hero>

      <Section id="steps" title="Three Steps to the Right Automation Partner">
        <StepList steps={STEPS} />
      </Section>

      <Section id="highlights" title="Why Businesses Trust the Process" tone="muted">
        <FeatureGrid features={HIGHLIGHTS} />
      </Section>

      <Section id="faq" title="Frequently Asked Questions" intro="Answers to what businesses ask us most.">
        <Faq entries={HOW_IT_WORKS_FAQ} />
      </Section>

      <ClosingCallToAction
        title="Ready to Automate Your Business?"
        primary={{ label: "Get Your Free Quotes", to: PATHS.home }}
      >
        Submit your request today and meet your matched providers within 48 hours.
      </ClosingCallToAction>
    </PublicLayout>
  );
}
