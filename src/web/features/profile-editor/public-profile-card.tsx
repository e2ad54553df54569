// Settings, for providers (issue 17, decision 140): the public profile's address and the client
// industries served, with a link to the profile as visitors see it (or, before approval, a preview).
import { ExternalLink } from "lucide-react";
import { providerPath } from "@/shared/paths";
import {
  PROFILE_ADDRESS_HINT,
  PROFILE_CHANGE_UNDER_REVIEW_BADGE,
  type PublicProfileInput,
  type PublicProfileSettings,
  publicProfileInputSchema,
  SLUG_MAX,
} from "@/shared/providers";
import type { PublicUser } from "@/shared/users";
import { IndustriesField } from "@/web/components/industries-field";
import { DataOrRetry } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { controlled } from "@/web/components/ui/form-fields";
import { toast } from "@/web/components/ui/use-toast";
import { ApiError, errorMessage, fieldIssues } from "@/web/lib/api";
import { useCompanyCardQuery } from "@/web/lib/company-card-query";
import { useSchemaForm } from "@/web/lib/schema-form";
import { publicProfileQueryOptions, useUpdatePublicProfile } from "./api";

const profileAddress = (slug: string) => `${window.location.origin}${providerPath(slug)}`;

export function PublicProfileCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const [query, hidden] = useCompanyCardQuery(publicProfileQueryOptions(), user);
  if (hidden) return null;
  return (
    <Card data-testid="public-profile-card">
      <CardHeader>
        <CardTitle as="h2">Public Profile</CardTitle>
        <CardDescription>
          Clients find you in the provider directory and read your profile at its own address.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <DataOrRetry query={query} what="Your public profile">
          {(saved) => <PublicProfileForm key={`${saved.slug}|${saved.industriesServed.join()}`} saved={saved} />}
        </DataOrRetry>
      </CardContent>
    </Card>
  );
}

function PublicProfileForm({ saved }: { saved: PublicProfileSettings }) {
  const form = useSchemaForm(publicProfileInputSchema, { slug: saved.slug, industriesServed: saved.industriesServed });
  const update = useUpdatePublicProfile();
  const errors = form.formState.errors;
  const typedSlug = form.watch("slug") ?? "";
  const href = providerPath(saved.slug);

  const onSubmit = (values: PublicProfileInput) =>
    update.mutate(values, {
      onSuccess: () => toast({ title: "Public Profile Saved", description: "Your profile shows the changes." }),
      onError: (err) => {
        // The address another company holds (409) belongs to the field, as do the schema's messages.
        if (err instanceof ApiError && err.status === 409) {
          form.setError("slug", { message: errorMessage(err) }, { shouldFocus: true });
          return;
        }
        const issues = fieldIssues(err).filter((i) => i.field === "slug" || i.field.startsWith("industriesServed"));
        if (issues.length === 0) {
          toast({ title: "Error", description: errorMessage(err), variant: "destructive" });
          return;
        }
        for (const issue of issues) {
          form.setError(issue.field === "slug" ? "slug" : "industriesServed", { message: issue.message });
        }
      },
    });

  return (
    <form onSubmit={form.handleSubmit(onSubmit)} className="space-y-6" noValidate>
      <div className="flex flex-wrap items-center gap-3" data-testid="public-profile-status">
        {saved.isPublic ? (
          <span className="rounded-full bg-green-100 px-3 py-1 text-sm font-medium text-green-900">Public</span>
        ) : (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
            Visible once your company is approved
          </span>
        )}
        {saved.changeUnderReview && (
          <span className="rounded-full bg-amber-100 px-3 py-1 text-sm font-medium text-amber-900">
            {PROFILE_CHANGE_UNDER_REVIEW_BADGE}
          </span>
        )}
        <Button asChild variant="outline" size="sm">
          <a href={href} target="_blank" rel="noopener noreferrer" data-testid="public-profile-link">
            {saved.isPublic ? "View public profile" : "Preview profile"}
            <ExternalLink className="h-4 w-4" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </Button>
      </div>

      <Field id="public-profile-slug" label="Profile address" hint={PROFILE_ADDRESS_HINT} error={errors.slug?.message}>
        {(control) => (
          <div className="space-y-2">
            <div className="flex items-center gap-2">
              <span className="shrink-0 text-sm text-slate-600" aria-hidden="true">
                {profileAddress("")}
              </span>
              <Input {...control} maxLength={SLUG_MAX + 10} autoComplete="off" {...form.register("slug")} />
            </div>
            <p className="break-all text-sm text-slate-700" aria-live="polite">
              Your profile:{" "}
              <span className="font-medium" data-testid="public-profile-url">
                {profileAddress(errors.slug || !typedSlug.trim() ? saved.slug : typedSlug.trim().toLowerCase())}
              </span>
            </p>
          </div>
        )}
      </Field>

      <IndustriesField
        {...controlled(form, "industriesServed")}
        id="public-profile-industries"
        legend="Industries you serve"
        hint="Clients filter the directory by their industry."
      />

      <Button type="submit" disabled={update.isPending}>
        {update.isPending ? "Saving..." : "Save Public Profile"}
      </Button>
    </form>
  );
}
