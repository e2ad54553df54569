// Who the demo marketplace's stories are about (decision 103): its clients and the providers by key.
// The stories themselves are data (hired-stories.json, closed-stories.json, open-stories.json);
// stories.ts reads, checks and orders them.
import type { Requirements } from "@/shared/quote-requests";

export type DemoClient = { email: string; firstName: string; lastName: string; companyName: string; location: string };

export const DEMO_CLIENTS: DemoClient[] = [
  {
    email: "client@demo.automatch.io",
    firstName: "Casey",
    lastName: "Client",
    companyName: "Demo Manufacturing Co.",
    location: "Columbus, OH",
  },
  {
    email: "jordan@demo.automatch.io",
    firstName: "Jordan",
    lastName: "Lee",
    companyName: "Lee & Ortiz LLP",
    location: "Chicago, IL",
  },
  {
    email: "priya@demo.automatch.io",
    firstName: "Priya",
    lastName: "Shah",
    companyName: "Riverside Family Clinic",
    location: "Denver, CO",
  },
  {
    email: "tom@demo.automatch.io",
    firstName: "Tom",
    lastName: "Becker",
    companyName: "Becker Outdoor Supply",
    location: "Seattle, WA",
  },
];

/** A demo provider, by the first part of its owner's email ("provider" is Pat, the demo provider). */
export const DEMO_PROVIDER_KEYS = ["provider", "lumen", "cobalt", "kestrel", "meridian", "bluebird"] as const;
export type DemoProviderKey = (typeof DEMO_PROVIDER_KEYS)[number];
export const demoProviderEmail = (key: DemoProviderKey) => `${key}@demo.automatch.io`;

/** The request's contact part: who the client is, as the wizard would have sent it. */
export function demoClientContact(
  email: string,
): Pick<Requirements, "fullName" | "email" | "companyName" | "location"> {
  const client = DEMO_CLIENTS.find((c) => c.email === email);
  if (!client) throw new Error(`demo story of ${email}, who is not a demo client`);
  return {
    fullName: `${client.firstName} ${client.lastName}`,
    email: client.email,
    companyName: client.companyName,
    location: client.location,
  };
}
