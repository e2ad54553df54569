// Spec screen 11: how the marketplace works for a business, with the six-entry FAQ.
import { BadgeCheck, Clock, ShieldCheck } from "lucide-react";
import { HOW_IT_WORKS_FAQ } from "@/shared/faq";
import { PATHS } from "@/shared/paths";
import { Faq } from "./components/faq";
import { MarketingPage, type PageParts } from "./components/marketing-page";
import content from "./content/how-it-works.json";

const PARTS: PageParts = {
  icons: { BadgeCheck, Clock, ShieldCheck },
  slots: { faq: <Faq entries={HOW_IT_WORKS_FAQ} /> },
};

export function HowItWorksPage() {
  return <MarketingPage path={PATHS.howItWorks} content={content} {...PARTS} />;
}
