// Spec screen 13: book a 30-minute strategy session, or pre-qualify first.
import { ClipboardCheck, LineChart, Rocket, ShieldAlert, Target, Users } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { BookingArea } from "./components/booking-area";
import {
  ClosingCallToAction,
  type Feature,
  FeatureGrid,
  FormSection,
  Hero,
  Section,
  type Stat,
  StatGrid,
} from "./components/marketing-ui";
import { PreQualificationForm } from "./components/pre-qualification-form";

export const BOOKING_AREA_ID = "book-a-call";
export const PRE_QUALIFICATION_ID = "pre-qualification";

const SESSION_BENEFITS: readonly Feature[] = [
  {
    icon: Users,
    title: "Personalized Vendor Matching",
    text: "We review your needs and shortlist the providers in our network best suited to your process and industry.",
  },
  {
    icon: LineChart,
    title: "ROI Roadmap",
    text: "See where automation pays back fastest, with an estimate of the hours and costs you can save.",
  },
  {
    icon: ShieldAlert,
    title: "Risk Assessment",
    text: "Spot the technical, compliance and change-management risks early, before they cost you time or money.",
  },
  {
    icon: Rocket,
    title: "Quick Implementation Plan",
    text: "Leave with concrete next steps, a realistic timeline and the quick wins to start with.",
  },
  {
    icon: ClipboardCheck,
    title: "Team Alignment",
    text: "Get clear talking points to bring stakeholders, IT and finance on board with your automation plans.",
  },
  {
    icon: Target,
    title: "Success Metrics",
    text: "Define the measures that show your automation is working, so every project has a clear finish line.",
  },
];

const TRUST_STATS: readonly Stat[] = [
  { value: "1000+", label: "Projects Completed" },
  { value: "500+", label: "Vetted Providers" },
  { value: "98%", label: "Client Satisfaction" },
  { value: "$50M+", label: "Client Savings" },
];

export function SchedulePage() {
  usePublicPageMeta(PATHS.schedule);
  return (
    <PublicLayout>
      <Hero
        eyebrow="Free 30-minute strategy session"
        title="Schedule Your Free Automation Strategy Session"
        primary={{ label: "Book Your Call Now", target: BOOKING_AREA_ID }}
        secondary={{ label: "Pre-Qualify First", target: PRE_QUALIFICATION_ID }}
      >
        Talk to an automation strategist about the processes you want to automate. In 30 minutes you will know what to
        automate first, what it should cost and which providers can do it.
      </Hero>

      <Section
        id="session-benefits"
        title="What You'll Get in Your 30-Minute Session"
        intro="A focused conversation about your business, with practical outcomes you can act on right away."
      >
        <FeatureGrid features={SESSION_BENEFITS} />
      </Section>

      <Section
        id={BOOKING_AREA_ID}
        title="Book Your Call"
        intro="Choose a time that suits you. The session is free and there is no obligation."
        tone="muted"
      >
        <div className="mx-auto max-w-4xl">
          <BookingArea />
        </div>
      </Section>

      <FormSection
        id={PRE_QUALIFICATION_ID}
        title="Pre-Qualify for Your Session"
        intro="Share a few details before the call and we will come prepared with relevant providers and ideas."
      >
        <PreQualificationForm />
      </FormSection>

      <Section id="trust" title="Trusted by Businesses Worldwide" tone="muted">
        <StatGrid stats={TRUST_STATS} />
      </Section>

      <ClosingCallToAction
        title="Ready to Transform Your Business?"
        primary={{ label: "Schedule My Free Session", target: BOOKING_AREA_ID }}
      >
        Join the businesses that have saved time and money with the right automation partner.
      </ClosingCallToAction>
    </PublicLayout>
  );
}
