// The explicit allow-list of configuration the browser may see (served at GET /api/public-config).
export type PublicConfig = {
  /** A scheduling page to embed on /schedule; null shows the contact buttons instead. */
  bookingUrl: string | null;
  contactEmail: string;
  contactPhone: string;
  billing: { provider: "demo" | "stripe"; stripePublishableKey: string | null };
  /** Uploads are scanned for malware (CLAMD_URL, decision 176); Settings says so either way. */
  fileScanning: boolean;
};
