import { Clock } from "lucide-react";
import type { Frequency } from "@/shared/quote-request-options";
import { estimateRoi, FULL_TIME_HOURS_PER_YEAR, RUNS_PER_YEAR } from "@/shared/roi-estimate";
import type { TimePerTask, Volume } from "@/shared/volume-and-time";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { formatHours } from "@/web/lib/format";

/**
 * The automation ROI estimate (decision 012): hours of manual work a year that automation could give
 * back, with the arithmetic shown so that the client can check it.
 */
export function RoiEstimate({
  frequency,
  volume,
  timePerTask,
  headingLevel = "h2",
  emptyHint = "Give the volume and the time per task in step 2 (Your Process) to see how many hours of manual work a year automation could save.",
}: {
  frequency: Frequency | "" | undefined;
  volume: Volume | string | undefined;
  timePerTask: TimePerTask | string | undefined;
  headingLevel?: "h2" | "h3";
  /** What to say when volume or time per task is missing. */
  emptyHint?: string;
}) {
  const estimate = frequency ? estimateRoi({ frequency, volume, timePerTask }) : null;
  return (
    <Card data-testid="roi-estimate" className="border-blue-200 bg-blue-50/50">
      <CardHeader className="flex flex-row items-center gap-2 pb-2">
        <Clock className="h-5 w-5 text-blue-700" aria-hidden="true" />
        <CardTitle as={headingLevel} className="text-base">
          Automation ROI estimate
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-2 text-sm text-slate-700">
        {estimate ? (
          <>
            <p>
              <span className="text-2xl font-bold text-slate-900" data-testid="roi-hours">
                {formatHours(estimate.hoursPerYear)}
              </span>{" "}
              of manual work a year could be automated.
            </p>
            <p>
              {estimate.itemsPerYear.toLocaleString("en-US")} items a year ×{" "}
              {estimate.minutesPerItem.toLocaleString("en-US")} minutes each. That is about{" "}
              {estimate.fullTimeShare.toLocaleString("en-US")}% of one full-time person (
              {FULL_TIME_HOURS_PER_YEAR.toLocaleString("en-US")} working hours a year).
            </p>
            {estimate.assumedRunRate ? (
              <p>
                An ad-hoc process has no fixed rate: the estimate assumes it runs about {RUNS_PER_YEAR.adhoc} times a
                year.
              </p>
            ) : null}
          </>
        ) : (
          <p>
            {typeof volume === "string" || typeof timePerTask === "string"
              ? "No estimate: the volume or the time per task is given in words (see Your Process), which cannot be counted."
              : emptyHint}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
