// The pipeline's stages, one vocabulary for the provider's and the admin's Analytics.
import type { z } from "zod";
import { countsOf } from "./counts";
import { labelledOptions } from "./labelled-options";

/**
 * The pipeline's stages (decision 133), shown as a funnel on the provider's and the admin's Analytics:
 * each counts the leads that reached it, so that a lead counts in every stage it passed. Won, lost
 * and declined are how a lead ended.
 */
export type PipelineStage = (typeof PIPELINE_STAGES)[number];
export const { values: PIPELINE_STAGES, labels: PIPELINE_STAGE_LABELS } = labelledOptions({
  leads: { label: "Leads", meaning: "delivered to the provider" },
  contacted: { label: "Contacted", meaning: "a message between the two sides, or a quote sent" },
  quoted: { label: "Quoted", meaning: "a quote sent (not withdrawn)" },
  negotiating: { label: "Negotiating", meaning: "a message after the quote was sent" },
  won: { label: "Won", meaning: "the client accepted the quote" },
  lost: { label: "Lost", meaning: "the quote was declined" },
  declined: { label: "Declined", meaning: "the provider turned the lead down" },
});
export const pipelineStagesSchema = countsOf(PIPELINE_STAGES);
export type PipelineStages = z.infer<typeof pipelineStagesSchema>;
