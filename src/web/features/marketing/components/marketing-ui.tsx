// Building blocks shared by the marketing pages, so that every page has the same rhythm and look.
import { Check, CheckCircle2, type LucideIcon, XCircle } from "lucide-react";
import type { ReactNode } from "react";
import { Link } from "@/web/components/link";
import { Button, type ButtonProps } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";

/** Smooth scroll to an in-page anchor; the sticky header is offset with scroll-margin on the target. */
export function scrollToId(id: string): void {
  document.getElementById(id)?.scrollIntoView({ behavior: "smooth", block: "start" });
}

export function ScrollButton({ target, ...props }: Omit<ButtonProps, "onClick" | "type"> & { target: string }) {
  return <Button type="button" aria-controls={target} onClick={() => scrollToId(target)} {...props} />;
}

export function Hero({
  eyebrow,
  title,
  children,
  primary,
  secondary,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
} & Partial<BandButtons>) {
  return (
    <section className="bg-gradient-to-br from-blue-700 via-blue-800 to-slate-900 px-4 py-16 text-white sm:py-24">
      <div className="mx-auto max-w-4xl text-center">
        {eyebrow ? (
          <p className="mb-4 inline-block rounded-full bg-white/10 px-4 py-1 text-sm font-medium text-blue-50">
            {eyebrow}
          </p>
        ) : null}
        <h1 className="text-4xl font-bold tracking-tight text-balance sm:text-5xl">{title}</h1>
        {children ? <p className="mx-auto mt-6 max-w-2xl text-lg text-blue-50">{children}</p> : null}
        {primary ? <BandActions primary={primary} secondary={secondary} className="mt-10" /> : null}
      </div>
    </section>
  );
}

/** Outline buttons are white by default; on the dark hero they need to read as secondary actions. */
const heroSecondaryButton = "border-white bg-transparent text-white hover:bg-white/10";
const heroPrimaryButton = "bg-white text-blue-800 hover:bg-blue-50";

/** An action on the hero or the closing band: a link to a page (`to`) or a scroll to a section (`target`). */
export type BandAction = { label: string } & ({ to: string } | { target: string });

function BandButton({ action, secondary = false }: { action: BandAction; secondary?: boolean }) {
  const look = {
    size: "lg",
    variant: secondary ? "outline" : "default",
    className: secondary ? heroSecondaryButton : heroPrimaryButton,
  } as const;
  return "target" in action ? (
    <ScrollButton target={action.target} {...look}>
      {action.label}
    </ScrollButton>
  ) : (
    <Button asChild {...look}>
      <Link to={action.to}>{action.label}</Link>
    </Button>
  );
}

type BandButtons = { primary: BandAction; secondary?: BandAction };

/** The hero's or the closing band's buttons: the white primary one, then an optional outlined one. */
function BandActions({ primary, secondary, className }: BandButtons & { className: string }) {
  return (
    <div className={cn("flex flex-col items-stretch justify-center gap-3 sm:flex-row sm:items-center", className)}>
      <BandButton action={primary} />
      {secondary ? <BandButton action={secondary} secondary /> : null}
    </div>
  );
}

export function Section({
  id,
  title,
  intro,
  tone = "white",
  className,
  children,
}: {
  id?: string;
  title: string;
  intro?: ReactNode;
  tone?: "white" | "muted";
  className?: string;
  children: ReactNode;
}) {
  const headingId = id ? `${id}-heading` : undefined;
  return (
    <section
      id={id}
      aria-labelledby={headingId}
      className={cn("scroll-mt-20 px-4 py-16 sm:py-20", tone === "muted" ? "bg-slate-50" : "bg-white", className)}
    >
      <div className="mx-auto max-w-6xl">
        <div className="mx-auto max-w-3xl text-center">
          <h2 id={headingId} className="text-3xl font-bold tracking-tight text-slate-900">
            {title}
          </h2>
          {intro ? <p className="mt-4 text-lg text-slate-600">{intro}</p> : null}
        </div>
        <div className="mt-12">{children}</div>
      </div>
    </section>
  );
}

export type Stat = { value: string; label: string };

/** The marketplace's figures, as the landing and About pages state them. */
export const MARKETPLACE_STATS: readonly Stat[] = [
  { value: "500+", label: "Vetted Providers" },
  { value: "1000+", label: "Projects Completed" },
  { value: "$50M+", label: "Client Savings" },
  { value: "95%", label: "Client Satisfaction" },
];

/** The figures as a band of their own under the hero; `label` names the band for screen readers. */
export function StatBand({ label, stats }: { label: string; stats: readonly Stat[] }) {
  return (
    <section aria-label={label} className="bg-slate-50 px-4 py-12">
      <StatGrid stats={stats} className="mx-auto max-w-6xl" />
    </section>
  );
}

export function StatGrid({ stats, className }: { stats: readonly Stat[]; className?: string }) {
  return (
    <dl className={cn("grid grid-cols-2 gap-6 lg:grid-cols-4", className)}>
      {stats.map((s) => (
        <div
          key={s.label}
          className="flex flex-col-reverse rounded-lg border border-slate-200 bg-white p-6 text-center"
        >
          <dt className="mt-2 text-sm font-medium text-slate-600">{s.label}</dt>
          <dd className="text-3xl font-bold text-blue-700 sm:text-4xl">{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The marks in front of a list's items: a tick or a ticked circle for what is good, a crossed circle for what is not. */
const MARKS = {
  tick: { icon: Check, className: "text-green-700" },
  yes: { icon: CheckCircle2, className: "text-green-700" },
  no: { icon: XCircle, className: "text-red-700" },
} as const;

/** A list whose every item has the same mark in front: promises, problems, a plan's features. */
export function IconList({
  items,
  mark,
  className,
  label,
}: {
  items: readonly string[];
  mark: keyof typeof MARKS;
  className: string;
  label?: string;
}) {
  const { icon: Icon, className: iconClassName } = MARKS[mark];
  return (
    <ul className={className} aria-label={label}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3 text-slate-700">
          <Icon className={cn("mt-0.5 h-5 w-5 shrink-0", iconClassName)} aria-hidden="true" />
          {item}
        </li>
      ))}
    </ul>
  );
}

/** A public form on its raised card. */
export function FormCard({ className, children }: { className?: string; children: ReactNode }) {
  return (
    <Card className={cn("shadow-md", className)}>
      <CardContent className="p-6 sm:p-8">{children}</CardContent>
    </Card>
  );
}

/** A section that is one form on its card, narrower than the page. */
export function FormSection({
  id,
  title,
  intro,
  children,
}: {
  id: string;
  title: string;
  intro: string;
  children: ReactNode;
}) {
  return (
    <Section id={id} title={title} intro={intro}>
      <FormCard className="mx-auto max-w-2xl">{children}</FormCard>
    </Section>
  );
}

export type Feature = { icon: LucideIcon; title: string; text: string };

export function FeatureGrid({ features, columns = 3 }: { features: readonly Feature[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cn("grid gap-6 sm:grid-cols-2", columns === 3 && "lg:grid-cols-3", columns === 4 && "lg:grid-cols-4")}
    >
      {features.map((f) => (
        <li key={f.title} className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <span className="flex h-12 w-12 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
            <f.icon className="h-6 w-6" aria-hidden="true" />
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{f.title}</h3>
          <p className="mt-2 text-slate-600">{f.text}</p>
        </li>
      ))}
    </ul>
  );
}

export type Step = { title: string; text: string; points?: readonly string[] };

export function StepList({ steps }: { steps: readonly Step[] }) {
  return (
    <ol className={cn("grid gap-6", steps.length === 4 ? "sm:grid-cols-2 lg:grid-cols-4" : "lg:grid-cols-3")}>
      {steps.map((s, i) => (
        <li key={s.title} className="relative rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <span
            className="flex h-10 w-10 items-center justify-center rounded-full bg-blue-600 font-bold text-white"
            aria-hidden="true"
          >
            {i + 1}
          </span>
          <h3 className="mt-4 text-lg font-semibold text-slate-900">{s.title}</h3>
          <p className="mt-2 text-slate-600">{s.text}</p>
          {s.points ? (
            <ul className="mt-4 space-y-2 text-sm text-slate-700">
              {s.points.map((p) => (
                <li key={p} className="flex items-start gap-2">
                  <span className="mt-1.5 h-1.5 w-1.5 shrink-0 rounded-full bg-blue-600" aria-hidden="true" />
                  {p}
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}

/** The closing band of a page: one heading, one line, and the actions. */
export function ClosingCallToAction({
  title,
  children,
  primary,
  secondary,
}: {
  title: string;
  children: ReactNode;
} & BandButtons) {
  return (
    <section className="bg-blue-700 px-4 py-16 text-center text-white">
      <div className="mx-auto max-w-3xl">
        <h2 className="text-3xl font-bold tracking-tight">{title}</h2>
        <p className="mt-4 text-lg text-blue-50">{children}</p>
        <BandActions primary={primary} secondary={secondary} className="mt-8" />
      </div>
    </section>
  );
}
