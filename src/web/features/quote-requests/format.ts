import { DESCRIPTION_PREVIEW } from "@/shared/quote-request-limits";

/**
 * Spec section 9: the dashboard shows the first 150 characters of a description, cut at a word (issue
 * 30: a cut mid-word read as a typo) and ended with an ellipsis. A first word longer than half the
 * preview is cut where the 150 characters end.
 */
export function previewDescription(text: string): string {
  if (text.length <= DESCRIPTION_PREVIEW) return text;
  // One character more: a space there means the 150th character ends a word.
  const head = text.slice(0, DESCRIPTION_PREVIEW + 1);
  const space = head.search(/\s\S*$/);
  const kept = space > DESCRIPTION_PREVIEW / 2 ? head.slice(0, space) : text.slice(0, DESCRIPTION_PREVIEW);
  return `${kept.replace(/[\s,.;:!?-]+$/, "")}…`;
}
