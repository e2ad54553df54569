// A marketing page drawn from its content (a JSON file beside the page): the hero, then each block in
// order (a band of figures, a section of features, steps or figures, a section or a form the page
// fills itself), then the closing band. The words live in the content; the page only wires its parts.
import type { LucideIcon } from "lucide-react";
import { Fragment, type ReactNode } from "react";
import { BRAND_NAME } from "@/shared/brand";
import type { PublicPagePath } from "@/shared/page-meta";
import { PATHS } from "@/shared/paths";
import { PublicLayout } from "@/web/components/public-layout";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import {
  type BandAction,
  ClosingCallToAction,
  type Feature,
  FeatureGrid,
  FormSection,
  Hero,
  MARKETPLACE_STATS,
  Section,
  type Stat,
  StatBand,
  StatGrid,
  type Step,
  StepList,
} from "./marketing-ui";

/** An action as the content writes it: a page by its name in PATHS, or a section of this page. */
type ActionContent = { label: string; to?: string; target?: string };
/** Figures, or "marketplace" for the marketplace's own (the landing and About pages state them). */
type StatsContent = readonly Stat[] | "marketplace";
type SectionHead = { id: string; title: string; intro?: string; tone?: "white" | "muted" };

type Block =
  | { band: string; stats: StatsContent }
  | (SectionHead & { features: readonly (Omit<Feature, "icon"> & { icon: string })[]; columns?: 2 | 3 | 4 })
  | (SectionHead & { steps: readonly Step[] })
  | (SectionHead & { stats: StatsContent })
  | (SectionHead & { slot: string })
  | (SectionHead & { form: string; intro: string })
  | { slot: string };

type PageContent = {
  hero: { eyebrow: string; title: string; text: string; primary?: ActionContent; secondary?: ActionContent };
  blocks: readonly Block[];
  closing?: { title: string; text: string; primary: ActionContent; secondary?: ActionContent };
};

/** "{brand}" in the content is the brand's name. */
export const words = (text: string) => text.replaceAll("{brand}", BRAND_NAME);

function action(content: ActionContent): BandAction {
  const label = words(content.label);
  if (content.target) return { label, target: content.target };
  const to = (PATHS as Record<string, string>)[content.to ?? ""];
  if (!to) throw new Error(`No page is named "${content.to}"`);
  return { label, to };
}

const optionalAction = (content: ActionContent | undefined) => (content ? action(content) : undefined);
const statsOf = (stats: StatsContent) => (stats === "marketplace" ? MARKETPLACE_STATS : stats);

function icon(icons: Icons, name: string): LucideIcon {
  const found = icons[name];
  if (!found) throw new Error(`No icon is named "${name}"`);
  return found;
}

/** The icons a page's content names, by name. */
type Icons = Record<string, LucideIcon>;
/** What a page draws itself, by the name its content gives it. */
type Slots = Record<string, ReactNode>;

function BlockOf({ block, icons, slots }: { block: Block; icons: Icons; slots: Slots }) {
  if ("band" in block) return <StatBand label={block.band} stats={statsOf(block.stats)} />;
  if (!("id" in block)) return slots[block.slot];
  const head = { id: block.id, title: words(block.title), tone: block.tone };
  if ("form" in block) {
    return (
      <FormSection {...head} intro={block.intro}>
        {slots[block.form]}
      </FormSection>
    );
  }
  return (
    <Section {...head} intro={block.intro}>
      {"features" in block ? (
        <FeatureGrid
          features={block.features.map((f) => ({ ...f, icon: icon(icons, f.icon) }))}
          columns={block.columns}
        />
      ) : "steps" in block ? (
        <StepList steps={block.steps} />
      ) : "stats" in block ? (
        <StatGrid stats={statsOf(block.stats)} />
      ) : (
        slots[block.slot]
      )}
    </Section>
  );
}

/** The icons a page's content names and the parts it leaves to the page. */
export type PageParts = { icons?: Icons; slots?: Slots; signInHref?: string };

/** The page at `path` drawn from its content (the parsed JSON beside the page). */
export function MarketingPage({
  path,
  content,
  icons = {},
  slots = {},
  signInHref,
}: { path: PublicPagePath; content: unknown } & PageParts) {
  usePublicPageMeta(path);
  const { hero, blocks, closing } = content as PageContent;
  return (
    <PublicLayout signInHref={signInHref}>
      <Hero
        eyebrow={hero.eyebrow}
        title={words(hero.title)}
        primary={optionalAction(hero.primary)}
        secondary={optionalAction(hero.secondary)}
      >
        {hero.text}
      </Hero>
      {blocks.map((block) => (
        <Fragment key={"band" in block ? block.band : "id" in block ? block.id : block.slot}>
          <BlockOf block={block} icons={icons} slots={slots} />
        </Fragment>
      ))}
      {closing ? (
        <ClosingCallToAction
          title={closing.title}
          primary={action(closing.primary)}
          secondary={optionalAction(closing.secondary)}
        >
          {closing.text}
        </ClosingCallToAction>
      ) : null}
    </PublicLayout>
  );
}
