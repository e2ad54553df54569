import { DESCRIPTION_PREVIEW } from "@/shared/quote-request-limits";

/** Spec section 9: the dashboard shows the first 150 characters of a description. */
export function previewDescription(text: string): string {
  return text.length > DESCRIPTION_PREVIEW ? `${text.slice(0, DESCRIPTION_PREVIEW)}...` : text;
}
