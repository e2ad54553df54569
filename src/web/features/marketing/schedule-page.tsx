// Spec screen 13: book a 30-minute strategy session, or pre-qualify first.
import { ClipboardCheck, LineChart, Rocket, ShieldAlert, Target, Users } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { BookingArea } from "./components/booking-area";
import { MarketingPage, type PageParts } from "./components/marketing-page";
import { PreQualificationForm } from "./components/pre-qualification-form";
import content from "./content/schedule.json";

const PARTS: PageParts = {
  icons: { ClipboardCheck, LineChart, Rocket, ShieldAlert, Target, Users },
  slots: {
    booking: (
      <div className="mx-auto max-w-4xl">
        <BookingArea />
      </div>
    ),
    preQualification: <PreQualificationForm />,
  },
};

export function SchedulePage() {
  return <MarketingPage path={PATHS.schedule} content={content} {...PARTS} />;
}
