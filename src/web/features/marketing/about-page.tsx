// Spec screen 14: mission, the problem and the solution, the founders' story, values, impact and facts.
import { HeartHandshake, Lightbulb, ShieldCheck, Star } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { cn } from "@/web/lib/cn";
import { MarketingPage, type PageParts, words } from "./components/marketing-page";
import { IconList, MARKETPLACE_STATS, StatGrid } from "./components/marketing-ui";
import content from "./content/about.json";

/** The problem, then the marketplace's answer to it. */
const SIDES = [
  { title: "The Problem", items: content.problems, mark: "no", box: "border-red-200 bg-red-50" },
  { title: "Our Solution", items: content.solutions, mark: "yes", box: "border-green-200 bg-green-50" },
] as const;

const PARTS: PageParts = {
  icons: { HeartHandshake, Lightbulb, ShieldCheck, Star },
  slots: {
    problemSolution: (
      <div className="grid gap-8 md:grid-cols-2">
        {SIDES.map((side) => (
          <div key={side.title} className={cn("rounded-lg border p-6", side.box)}>
            <h3 className="text-xl font-semibold text-slate-900">{side.title}</h3>
            <IconList items={side.items} mark={side.mark} className="mt-4 space-y-3" />
          </div>
        ))}
      </div>
    ),
    story: (
      <div className="mx-auto max-w-3xl space-y-5 text-lg leading-relaxed text-slate-700">
        {content.story.map((paragraph) => (
          <p key={paragraph}>{words(paragraph)}</p>
        ))}
      </div>
    ),
    impact: (
      <>
        <StatGrid stats={MARKETPLACE_STATS} />
        <dl className="mx-auto mt-10 grid max-w-4xl grid-cols-2 gap-4 sm:grid-cols-4">
          {content.facts.map((f) => (
            <div key={f.term} className="flex flex-col-reverse rounded-lg bg-white p-4 text-center shadow-sm">
              <dt className="text-sm text-slate-600">{f.term}</dt>
              <dd className="text-lg font-semibold text-slate-900">{f.detail}</dd>
            </div>
          ))}
        </dl>
      </>
    ),
  },
};

export function AboutPage() {
  return <MarketingPage path={PATHS.about} content={content} {...PARTS} />;
}
