// Spec screen 3, signed out: why to ask for quotes here, and the way in (sign-in, then back).
import { ArrowRight, BadgeCheck, ClipboardList, Gift, Handshake, Search, ShieldCheck, Timer } from "lucide-react";
import { useEffect } from "react";
import { PATHS } from "@/shared/paths";
import { LandingSection } from "@/web/components/landing-section";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { takeInvite } from "./wizard/invite";

const START_HREF = `/api/login?returnTo=${PATHS.quoteRequestWizard}`;

const BENEFITS = [
  {
    icon: ShieldCheck,
    title: "Vetted Providers",
    text: "Every provider is reviewed and verified before it sees a single request.",
  },
  {
    icon: Timer,
    title: "Fast Response",
    text: "Matched within 48 hours (72 for complex projects), quotes within 2-3 business days.",
  },
  {
    icon: Gift,
    title: "Completely Free",
    text: "Submitting a request and receiving quotes costs nothing. You pay only when you hire.",
  },
] as const;

const STEPS = [
  { icon: ClipboardList, title: "Describe your process", text: "Six short steps about the work you want automated." },
  { icon: Search, title: "Get matched", text: "We pick 2-3 vetted providers who fit your systems and goals." },
  { icon: Handshake, title: "Compare quotes", text: "Providers answer with price, timeline and approach." },
  { icon: BadgeCheck, title: "Choose and start", text: "Hire the provider that suits you best." },
] as const;

export function QuoteRequestLanding({ returnTo }: { returnTo?: string }) {
  usePublicPageMeta(PATHS.quoteRequestWizard);
  // A visitor who came from a provider's "Request a quote" keeps that invitation through signing in.
  useEffect(() => {
    takeInvite();
  }, []);
  const signInHref = returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : START_HREF;
  return (
    <PublicLayout signInHref={signInHref}>
      <section className="bg-gradient-to-b from-blue-50 to-white px-4 py-20 text-center">
        <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 md:text-5xl">
          Get Automation Quotes From Vetted Providers
        </h1>
        <p className="mx-auto mt-5 max-w-2xl text-lg text-slate-700">
          Tell us which process eats your team's time. We match you with 2-3 automation providers who have done it
          before, and they send you quotes.
        </p>
        <div className="mt-8 flex flex-col items-center gap-3">
          <Button asChild size="lg">
            <a href={START_HREF}>
              Start Quote Request
              <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </a>
          </Button>
          {returnTo ? (
            <a href={signInHref} className="text-sm font-medium text-blue-700 hover:underline">
              Sign in to see your request
            </a>
          ) : (
            <p className="text-sm text-slate-600">Sign in or create a free account to begin.</p>
          )}
        </div>
      </section>

      <LandingSection headingId="benefits" title="Why request quotes here">
        <div className="mt-10 grid gap-6 md:grid-cols-3">
          {BENEFITS.map((b) => (
            <Card key={b.title}>
              <CardContent className="space-y-3 p-6">
                <b.icon className="h-8 w-8 text-blue-700" aria-hidden="true" />
                <h3 className="text-lg font-semibold text-slate-900">{b.title}</h3>
                <p className="text-slate-700">{b.text}</p>
              </CardContent>
            </Card>
          ))}
        </div>
      </LandingSection>

      <LandingSection headingId="how-it-works" title="How it works" muted>
        <ol className="mt-10 grid gap-6 md:grid-cols-4">
          {STEPS.map((s, i) => (
            <li key={s.title} className="rounded-lg bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <span className="flex h-8 w-8 items-center justify-center rounded-full bg-blue-600 text-sm font-bold text-white">
                  {i + 1}
                </span>
                <s.icon className="h-5 w-5 text-blue-700" aria-hidden="true" />
              </div>
              <h3 className="mt-4 font-semibold text-slate-900">{s.title}</h3>
              <p className="mt-2 text-sm text-slate-700">{s.text}</p>
            </li>
          ))}
        </ol>
      </LandingSection>

      <section className="px-4 py-16 text-center">
        <h2 className="text-2xl font-bold text-slate-900">Ready when you are</h2>
        <p className="mt-3 text-slate-700">It takes about five minutes. No cost, no obligation.</p>
        <Button asChild size="lg" className="mt-6">
          <a href={START_HREF}>Start Quote Request</a>
        </Button>
      </section>
    </PublicLayout>
  );
}
