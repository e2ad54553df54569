// The pipeline's stages as a funnel (decision 133), on the provider's and the admin's Analytics: each
// stage a bar as wide as its share of the leads, its count and what it means in text beside it, so
// that nothing is only in a picture. Won, lost and declined are how leads ended, shown apart.
import { PIPELINE_STAGE_LABELS, type PipelineStage, type PipelineStages } from "@/shared/pipeline";
import { cn } from "@/web/lib/cn";

const FUNNEL: PipelineStage[] = ["leads", "contacted", "quoted", "negotiating", "won"];
const ENDS: PipelineStage[] = ["lost", "declined"];
const BAR: Record<PipelineStage, string> = {
  leads: "bg-slate-500",
  contacted: "bg-blue-600",
  quoted: "bg-purple-600",
  negotiating: "bg-indigo-600",
  won: "bg-green-700",
  lost: "bg-rose-600",
  declined: "bg-amber-600",
};

function Stage({ stage, count, total }: { stage: PipelineStage; count: number; total: number }) {
  const share = total === 0 ? 0 : Math.round((count / total) * 100);
  const { label, meaning } = PIPELINE_STAGE_LABELS[stage];
  return (
    <li className="space-y-1" data-testid={`stage-${stage}`}>
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-900">{label}</span>
        <span className="tabular-nums text-slate-700">
          <span className="font-semibold text-slate-900" data-testid="stage-count">
            {count}
          </span>
          {stage === "leads" ? "" : ` (${share}%)`}
        </span>
      </div>
      <div className="flex h-3 justify-center overflow-hidden rounded-full bg-slate-100" aria-hidden="true">
        <div
          className={cn("h-full rounded-full", BAR[stage])}
          style={{ width: `${total === 0 ? 0 : (count / total) * 100}%` }}
        />
      </div>
      <p className="text-xs text-slate-600">{meaning}</p>
    </li>
  );
}

export function PipelineFunnel({ stages, testId }: { stages: PipelineStages; testId?: string }) {
  return (
    <div className="space-y-5" data-testid={testId}>
      <ol className="space-y-3" aria-label="Pipeline stages, each a share of the leads">
        {FUNNEL.map((s) => (
          <Stage key={s} stage={s} count={stages[s]} total={stages.leads} />
        ))}
      </ol>
      <ul className="space-y-3 border-t border-slate-200 pt-4" aria-label="Leads that ended otherwise">
        {ENDS.map((s) => (
          <Stage key={s} stage={s} count={stages[s]} total={stages.leads} />
        ))}
      </ul>
    </div>
  );
}
