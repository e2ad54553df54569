// /settings, for providers: the company profile, edited with the registration's form (decision 021:
// an approved company stays approved; a rejected one is resubmitted for review by the edit).
import { useQuery } from "@tanstack/react-query";
import { Link } from "react-router";
import type { Company } from "@/shared/companies";
import { PATHS } from "@/shared/paths";
import type { PublicUser } from "@/shared/users";
import { RetryAlert } from "@/web/components/list-states";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { toast } from "@/web/components/ui/use-toast";
import { ownCompanyQueryOptions, useUpdateCompany } from "./api";
import { CompanyForm, companyToFormValues } from "./company-form";

const STATUS_NOTE: Record<Company["status"], string> = {
  approved: "Your company is approved. Edits show at once and do not need another review.",
  pending: "Your company is under review. Edits are part of what the reviewer sees.",
  rejected: "Your company was not approved. Saving your edits resubmits it for review.",
  changes_requested: "Our team asked for changes. Saving your edits resubmits your company for review.",
};

const resubmits = (company: Company) => company.status === "rejected" || company.status === "changes_requested";

export function CompanyProfileCard({ user }: { user: Pick<PublicUser, "userType"> }) {
  const isProvider = user.userType === "provider";
  const {
    data: company,
    isLoading,
    isError,
    error,
    refetch,
  } = useQuery({
    ...ownCompanyQueryOptions(),
    enabled: isProvider,
  });
  const update = useUpdateCompany();
  if (!isProvider || isLoading) return null;
  if (isError) {
    // Not "no company yet": that would offer to create a second one.
    return (
      <Card data-testid="company-profile-card">
        <CardHeader>
          <CardTitle as="h2">Company Profile</CardTitle>
        </CardHeader>
        <CardContent className="space-y-3">
          <RetryAlert error={error} what="Your company profile" onRetry={() => void refetch()} />
        </CardContent>
      </Card>
    );
  }
  return (
    <Card data-testid="company-profile-card">
      <CardHeader>
        <CardTitle as="h2">Company Profile</CardTitle>
        <CardDescription>
          {company ? STATUS_NOTE[company.status] : "You have not created a company profile yet."}
        </CardDescription>
        {company?.changesNote ? (
          <p className="text-sm text-orange-900" data-testid="changes-note">
            <span className="font-medium">Note from our team:</span> {company.changesNote}
          </p>
        ) : null}
      </CardHeader>
      <CardContent>
        {company ? (
          <CompanyForm
            key={company.updatedAt}
            defaultValues={companyToFormValues(company)}
            isPending={update.isPending}
            submitLabel={resubmits(company) ? "Save and Resubmit" : "Save Company Profile"}
            pendingLabel="Saving..."
            onSubmit={(values) =>
              update.mutate(values, {
                onSuccess: (saved) =>
                  toast({
                    title: "Company Profile Saved",
                    description:
                      saved.status === "pending" && resubmits(company)
                        ? "It is back with our team for review."
                        : "Your changes are saved.",
                  }),
              })
            }
          />
        ) : (
          <Button asChild>
            <Link to={PATHS.providerRegistration}>Create Company Profile</Link>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
