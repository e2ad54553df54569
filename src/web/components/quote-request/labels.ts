// A quote request's answers as people read them: the label of each stored value, and the volume and
// time per task as sentences. The client's request page and the provider's lead page both show them.
import {
  FREQUENCY_LABELS,
  HAS_DOCUMENTATION_LABELS,
  INDUSTRY_LABELS,
  LOCATION_PREFERENCE_LABELS,
  REQUIRES_NDA_LABELS,
  TIMELINE_LABELS,
  TRIGGER_TYPE_LABELS,
  WORKPLACE_LABELS,
} from "@/shared/quote-request-options";
import { type TimePerTask, VOLUME_PERIOD_LABELS, type Volume } from "@/shared/volume-and-time";

/** A stored value's label, or the value itself when it is not one of the map's. */
function labelFrom(labels: Record<string, string>, value: string | undefined): string {
  if (!value) return "";
  return labels[value] ?? value;
}

export const industryLabel = (v: string | undefined) => labelFrom(INDUSTRY_LABELS, v);
export const frequencyLabel = (v: string | undefined) => labelFrom(FREQUENCY_LABELS, v);
export const triggerTypeLabel = (v: string | undefined) => labelFrom(TRIGGER_TYPE_LABELS, v);
export const documentationLabel = (v: string | undefined) => labelFrom(HAS_DOCUMENTATION_LABELS, v);
export const timelineLabel = (v: string | undefined) => labelFrom(TIMELINE_LABELS, v);
export const ndaLabel = (v: string | undefined) => labelFrom(REQUIRES_NDA_LABELS, v);
export const locationPreferenceLabel = (v: string | undefined) => labelFrom(LOCATION_PREFERENCE_LABELS, v);
export const workplaceLabel = (v: string | undefined) => labelFrom(WORKPLACE_LABELS, v);

/** The structured volume in words; the client's own words as given. */
export function volumeLabel(volume: Volume | string | undefined): string {
  if (!volume) return "";
  if (typeof volume === "string") return volume;
  const items = `${volume.quantity.toLocaleString("en-US")} ${volume.quantity === 1 ? "item" : "items"}`;
  return `${items} ${VOLUME_PERIOD_LABELS[volume.per]}`;
}

export function timePerTaskLabel(time: TimePerTask | string | undefined): string {
  if (!time) return "";
  if (typeof time === "string") return time;
  const unit = time.value === 1 ? time.unit.slice(0, -1) : time.unit;
  return `${time.value.toLocaleString("en-US")} ${unit} per item`;
}
