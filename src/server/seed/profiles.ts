// The demo providers' public profiles (issue 17, decision 140): the client industries each serves and a
// few case studies of its own (profiles.json; the last, approved without a subscription, has industries
// and nothing else yet), written through the same service as Settings, so that /providers and each
// profile have something to show on a first start.
import { z } from "zod";
import { caseStudyInputSchema } from "@/shared/providers";
import { INDUSTRIES } from "@/shared/quote-request-options";
import type { Db } from "../db/client";
import type { UserRow } from "../db/schema/users";
import { createCaseStudy, updatePublicProfile } from "../features/companies/profile";
import demoProfiles from "./profiles.json";

const demoProfileSchema = z.strictObject({
  ownerEmail: z.string(),
  industriesServed: z.array(z.enum(INDUSTRIES)),
  caseStudies: z.array(caseStudyInputSchema),
});

/** The profiles (profiles.json), checked against the Settings form's contracts when loaded. */
const DEMO_PROFILES = z.array(demoProfileSchema).parse(demoProfiles);

/** Writes each demo provider's industries served and case studies (after its company exists). */
export async function seedDemoProfiles(db: Db, account: (email: string) => UserRow): Promise<void> {
  for (const profile of DEMO_PROFILES) {
    const owner = account(profile.ownerEmail);
    await updatePublicProfile(db, owner.id, { industriesServed: profile.industriesServed });
    for (const caseStudy of profile.caseStudies) await createCaseStudy(db, owner.id, caseStudy);
  }
}
