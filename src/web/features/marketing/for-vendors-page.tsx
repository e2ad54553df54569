// Spec screen 12: the vendor marketing page, selling pre-qualified leads, with the application form.
import { Clock, Filter, ShieldCheck, TrendingUp } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import {
  type Feature,
  FeatureGrid,
  FormSection,
  Hero,
  Section,
  type Stat,
  StatBand,
  type Step,
  StepList,
} from "./components/marketing-ui";
import { PER_LEAD_PLANS, PricingCards } from "./components/pricing-cards";
import { Testimonials, VENDOR_TESTIMONIALS } from "./components/testimonials";
import { VendorApplicationForm } from "./components/vendor-application-form";

export const VENDOR_APPLICATION_ID = "vendor-application";

const STATS: readonly Stat[] = [
  { value: "75%", label: "Average Close Rate" },
  { value: "48hr", label: "Lead Delivery" },
  { value: "$250K", label: "Average Project Value" },
  { value: "500+", label: "Active Partners" },
];

const LEAD_SYSTEM: readonly Step[] = [
  {
    title: "Lead Intake",
    text: "Businesses describe their process, systems, timeline and budget in a detailed request, and we qualify every one before it becomes a lead.",
  },
  {
    title: "Smart Matching",
    text: "Each lead goes to the vendors who fit it best, based on your expertise, your location and the client's requirements.",
    points: ["Expertise", "Location", "Requirements"],
  },
  {
    title: "Payment & Handoff",
    text: "Pay for the lead and receive the full project brief and the client's contact details, ready for your proposal.",
  },
];

const BENEFITS: readonly Feature[] = [
  {
    icon: Filter,
    title: "Pre-Qualified Leads",
    text: "Every lead has a confirmed need, a defined scope and a budget. No tyre-kickers, no cold outreach.",
  },
  {
    icon: TrendingUp,
    title: "Higher Close Rates",
    text: "A 75% average close rate vs 15% industry average, because every lead is qualified before it reaches you.",
  },
  {
    icon: Clock,
    title: "Time Savings",
    text: "Spend your time delivering automation, not prospecting. Leads arrive with the discovery work already done.",
  },
  {
    icon: ShieldCheck,
    title: "Quality Guarantee",
    text: "If a lead does not match what was described, we replace it at no cost to you.",
  },
];

export function ForVendorsPage() {
  usePublicPageMeta(PATHS.forVendors);
  return (
    <PublicLayout>
      <Hero
        eyebrow="For automation vendors"
        title="Buy Ready-to-Close Automation Leads"
        primary={{ label: "Become a Vendor", target: VENDOR_APPLICATION_ID }}
        secondary={{ label: "Schedule a Demo", to: PATHS.schedule }}
      >
        Businesses come to us with automation projects, budgets and deadlines. We qualify them and deliver them to
        vendors with the right expertise, so you close more deals in less time.
      </Hero>

      <StatBand label="Vendor results in numbers" stats={STATS} />

      <Section
        id="lead-system"
        title="Our Three-Step Lead System"
        intro="A lead reaches you only after we have qualified it and matched it to what you do best."
      >
        <StepList steps={LEAD_SYSTEM} />
      </Section>

      <Section id="benefits" title="Why Vendors Choose Us" tone="muted">
        <FeatureGrid features={BENEFITS} columns={4} />
      </Section>

      <Section
        id="pricing"
        title="Simple, Per-Lead Pricing"
        intro="Two plans, priced per lead. Choose the depth of information and exclusivity that fits your business."
      >
        <PricingCards plans={PER_LEAD_PLANS} formId={VENDOR_APPLICATION_ID} />
      </Section>

      <Section id="testimonials" title="What Our Vendors Say" tone="muted">
        <Testimonials items={VENDOR_TESTIMONIALS} />
      </Section>

      <FormSection
        id={VENDOR_APPLICATION_ID}
        title="Apply to Become a Vendor"
        intro="Tell us about your company and expertise. We review every application and reply within 24 hours."
      >
        <VendorApplicationForm />
      </FormSection>
    </PublicLayout>
  );
}
