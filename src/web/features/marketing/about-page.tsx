// Spec screen 14: mission, the problem and the solution, the founders' story, values, impact and facts.
import { CheckCircle2, HeartHandshake, Lightbulb, ShieldCheck, Star, XCircle } from "lucide-react";
import { BRAND_NAME } from "@/shared/brand";
import { PATHS } from "@/shared/paths";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import {
  ClosingCallToAction,
  type Feature,
  FeatureGrid,
  Hero,
  IconList,
  MARKETPLACE_STATS,
  Section,
  StatGrid,
} from "./components/marketing-ui";

const PROBLEMS = [
  "Finding a capable automation provider takes weeks of research, calls and demos.",
  "Provider claims are hard to verify until the project is already under way.",
  "Quotes arrive in different formats, so comparing them fairly is nearly impossible.",
  "Failed automation projects waste budgets and erode trust in automation itself.",
] as const;

const SOLUTIONS = [
  "One short request reaches the right providers, matched within 48 hours.",
  "Every provider is vetted through portfolio reviews, references and technical assessments.",
  "Quotes are structured so you can compare price, timeline and approach side by side.",
  "Ongoing monitoring and a quality guarantee keep standards high after the match.",
] as const;

const VALUES: readonly Feature[] = [
  {
    icon: ShieldCheck,
    title: "Trust & Transparency",
    text: "We are open about how matching works, what providers pay and how we handle your data.",
  },
  {
    icon: Star,
    title: "Quality First",
    text: "We would rather send you two excellent providers than ten average ones.",
  },
  {
    icon: HeartHandshake,
    title: "Client Success",
    text: "We measure ourselves by projects delivered and value created, not by introductions made.",
  },
  {
    icon: Lightbulb,
    title: "Innovation",
    text: "We use the same automation and AI we champion to make matching faster and smarter every year.",
  },
];

const FACTS = [
  { term: "Founded", detail: "2018" },
  { term: "Countries served", detail: "50+" },
  { term: "Support", detail: "24/7" },
  { term: "Security", detail: "SOC 2 compliant" },
] as const;

export function AboutPage() {
  usePublicPageMeta(PATHS.about);
  return (
    <PublicLayout>
      <Hero eyebrow="Our mission" title={`About ${BRAND_NAME}`}>
        We help every business find the right partner to automate its processes: quickly, safely and without the
        guesswork.
      </Hero>

      <Section
        id="problem-solution"
        title="Why We Exist"
        intro="Automation can transform a business, but finding someone to build it should not be the hardest part."
      >
        <div className="grid gap-8 md:grid-cols-2">
          <div className="rounded-lg border border-red-200 bg-red-50 p-6">
            <h3 className="text-xl font-semibold text-slate-900">The Problem</h3>
            <IconList items={PROBLEMS} icon={XCircle} iconClassName="text-red-700" className="mt-4 space-y-3" />
          </div>
          <div className="rounded-lg border border-green-200 bg-green-50 p-6">
            <h3 className="text-xl font-semibold text-slate-900">Our Solution</h3>
            <IconList items={SOLUTIONS} icon={CheckCircle2} iconClassName="text-green-700" className="mt-4 space-y-3" />
          </div>
        </div>
      </Section>

      <Section id="our-story" title="Our Story" tone="muted">
        <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed text-slate-700">
          <p>
            {BRAND_NAME} was founded in 2018 by a team of automation consultants who had spent years on the provider
            side of the table. Again and again we met businesses that had lost months, and often their budget, to a
            provider that was the wrong fit for their systems or their industry.
          </p>
          <p>
            The work itself was rarely the problem. The match was. Good providers were hard to find, and businesses had
            no reliable way to tell them apart. So we built the marketplace we wished had existed: one where every
            provider is vetted before it sees a request, and every business gets a shortlist of providers who have
            solved its kind of problem before.
          </p>
          <p>
            Today we work with providers and businesses in more than 50 countries, and we still review every provider by
            hand.
          </p>
        </div>
      </Section>

      <Section id="values" title="Our Values">
        <FeatureGrid features={VALUES} columns={4} />
      </Section>

      <Section id="impact" title="Our Impact" tone="muted">
        <StatGrid stats={MARKETPLACE_STATS} />
        <dl className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
          {FACTS.map((f) => (
            <div key={f.term} className="flex flex-col-reverse rounded-lg bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-slate-600">{f.term}</dt>
              <dd className="text-lg font-semibold text-slate-900">{f.detail}</dd>
            </div>
          ))}
        </dl>
      </Section>

      <ClosingCallToAction
        title="Let's Automate Together"
        primary={{ label: "Get Free Quotes", to: PATHS.home }}
        secondary={{ label: "Partner With Us", to: PATHS.forVendors }}
      >
        Whether you need automation or deliver it, we would like to work with you.
      </ClosingCallToAction>
    </PublicLayout>
  );
}
