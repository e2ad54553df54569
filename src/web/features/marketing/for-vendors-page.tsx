// Spec screen 12: the vendor marketing page, selling pre-qualified leads, with the application form.
import { Clock, Filter, ShieldCheck, TrendingUp } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { MarketingPage, type PageParts } from "./components/marketing-page";
import { PER_LEAD_PLANS, PricingCards } from "./components/pricing-cards";
import { Testimonials, VENDOR_TESTIMONIALS } from "./components/testimonials";
import { VendorApplicationForm } from "./components/vendor-application-form";
import content from "./content/for-vendors.json";

const PARTS: PageParts = {
  icons: { Clock, Filter, ShieldCheck, TrendingUp },
  slots: {
    pricing: <PricingCards plans={PER_LEAD_PLANS} formId="vendor-application" />,
    testimonials: <Testimonials items={VENDOR_TESTIMONIALS} />,
    application: <VendorApplicationForm />,
  },
};

export function ForVendorsPage() {
  return <MarketingPage path={PATHS.forVendors} content={content} {...PARTS} />;
}
