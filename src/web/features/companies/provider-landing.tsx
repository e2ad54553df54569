import {
  BadgeCheck,
  Check,
  ClipboardList,
  CreditCard,
  Inbox,
  Send,
  ShieldCheck,
  Target,
  TrendingUp,
} from "lucide-react";
import { PATHS } from "@/shared/paths";
import { LandingSection } from "@/web/components/landing-section";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

/** Sign-in (or a new account) and back to the registration form. */
export const PROVIDER_SIGN_IN_URL = `/api/login?returnTo=${encodeURIComponent(PATHS.providerRegistration)}`;

const STATS = [
  { value: "500+", label: "Active Businesses" },
  { value: "$50M+", label: "In Projects" },
  { value: "95%", label: "Client Satisfaction" },
  { value: "24-48h", label: "Response Time" },
];

const BENEFITS = [
  {
    icon: Target,
    title: "Qualified Leads",
    text: "Businesses describe their process, systems, timeline and budget before they reach you.",
  },
  {
    icon: TrendingUp,
    title: "Smart Matching",
    text: "Requests are matched to your specialties, industry experience and location.",
  },
  {
    icon: ShieldCheck,
    title: "A Verified Network",
    text: "Every provider is reviewed before receiving leads, so clients trust who they meet.",
  },
  {
    icon: BadgeCheck,
    title: "Grow Your Business",
    text: "A steady pipeline of automation projects, and the win rate to show for it.",
  },
];

const STEPS = [
  { icon: ClipboardList, title: "Create Your Profile", text: "Tell us about your company and specialties." },
  { icon: ShieldCheck, title: "Get Verified", text: "Our team reviews your profile, usually within 24-48 hours." },
  { icon: CreditCard, title: "Subscribe", text: "Start your 14-day free trial to unlock leads." },
  { icon: Inbox, title: "Receive Leads", text: "Get matched with businesses that need your expertise." },
  { icon: Send, title: "Submit Quotes", text: "Send proposals and track your win rate." },
];

const PLAN_FEATURES = [
  "Leads matched to your specialties",
  "Full project details and ROI estimates",
  "Quote tracking and win-rate analytics",
  "Email and in-app lead notifications",
  "Verified provider profile",
];

/** Spec screen 5: /provider-registration for a visitor who is not signed in. */
export function ProviderLanding() {
  return (
    <>
      <section className="bg-gradient-to-b from-green-50 to-white px-4 py-20 text-center">
        <div className="mx-auto max-w-3xl space-y-6">
          <h1 className="text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">Join Our Provider Network</h1>
          <p className="text-lg text-slate-700">
            Connect with businesses that need automation expertise. Receive matched, pre-qualified leads and grow your
            automation practice.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg" className="bg-green-700 hover:bg-green-800">
              <a href={PROVIDER_SIGN_IN_URL}>Get Started</a>
            </Button>
            <Button asChild size="lg" variant="outline">
              <a href="#how-it-works">How It Works</a>
            </Button>
          </div>
        </div>
        <dl className="mx-auto mt-14 grid max-w-4xl grid-cols-2 gap-6 md:grid-cols-4">
          {STATS.map((s) => (
            <div key={s.label} className="rounded-lg bg-white p-4 shadow-sm ring-1 ring-slate-200">
              <dt className="text-sm text-slate-600">{s.label}</dt>
              <dd className="text-3xl font-bold text-green-800">{s.value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <LandingSection headingId="benefits" title="Why Join Our Network">
        <div className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {BENEFITS.map((b) => (
            <Card key={b.title}>
              <CardHeader>
                <b.icon className="h-8 w-8 text-green-700" aria-hidden="true" />
                <CardTitle>{b.title}</CardTitle>
                <CardDescription>{b.text}</CardDescription>
              </CardHeader>
            </Card>
          ))}
        </div>
      </LandingSection>

      <LandingSection headingId="how-it-works-title" title="How It Works" id="how-it-works" muted>
        <ol className="mt-10 grid gap-6 md:grid-cols-5">
          {STEPS.map((s, i) => (
            <li key={s.title} className="text-center">
              <div className="mx-auto flex h-12 w-12 items-center justify-center rounded-full bg-green-700 text-white">
                <s.icon className="h-6 w-6" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">
                {i + 1}. {s.title}
              </h3>
              <p className="mt-1 text-sm text-slate-600">{s.text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <LandingSection headingId="pricing" title="Simple Pricing" narrow>
        <Card className="mt-10 border-green-600 ring-1 ring-green-600">
          <CardHeader className="text-center">
            <CardTitle>Provider Subscription</CardTitle>
            <p className="mt-2">
              <span className="text-5xl font-bold text-slate-900">$99</span>
              <span className="text-slate-600">/month</span>
            </p>
            <CardDescription>Everything you need to win automation projects.</CardDescription>
          </CardHeader>
          <CardContent className="space-y-6">
            <ul className="space-y-2">
              {PLAN_FEATURES.map((f) => (
                <li key={f} className="flex items-center gap-2 text-sm text-slate-800">
                  <Check className="h-4 w-4 text-green-700" aria-hidden="true" />
                  {f}
                </li>
              ))}
            </ul>
            <Button asChild size="lg" className="w-full bg-green-700 hover:bg-green-800">
              <a href={PROVIDER_SIGN_IN_URL}>Start Free Trial</a>
            </Button>
            <p className="text-center text-sm text-slate-600">14-day free trial, cancel anytime</p>
          </CardContent>
        </Card>
      </LandingSection>
    </>
  );
}
