import {
  DESCRIPTION_PREVIEW,
  FREQUENCY_LABELS,
  HAS_DOCUMENTATION_LABELS,
  INDUSTRY_LABELS,
  LOCATION_PREFERENCE_LABELS,
  REQUIRES_NDA_LABELS,
  TIMELINE_LABELS,
  type TimePerTask,
  TRIGGER_TYPE_LABELS,
  VOLUME_PERIOD_LABELS,
  type Volume,
} from "@/shared/quote-requests";

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

export function volumeLabel(volume: Volume | undefined): string {
  if (!volume) return "";
  const items = `${volume.quantity.toLocaleString("en-US")} ${volume.quantity === 1 ? "item" : "items"}`;
  return `${items} ${VOLUME_PERIOD_LABELS[volume.per]}`;
}

export function timePerTaskLabel(time: TimePerTask | undefined): string {
  if (!time) return "";
  const unit = time.value === 1 ? time.unit.slice(0, -1) : time.unit;
  return `${time.value.toLocaleString("en-US")} ${unit} per item`;
}

/** Spec section 9: the dashboard shows the first 150 characters of a description. */
export function previewDescription(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}...` : text;
}

export function formatDate(iso: string): string {
  return new Date(iso).toLocaleDateString("en-US", { year: "numeric", month: "short", day: "numeric" });
}

export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
  });
}

export function formatHours(hours: number): string {
  return `${hours.toLocaleString("en-US")} ${hours === 1 ? "hour" : "hours"}`;
}
