import { useQuery } from "@tanstack/react-query";
import { ArrowRight, Info, Loader2 } from "lucide-react";
import { type ReactNode, useState } from "react";
import { Link } from "react-router";
import { type Company, type CompanyProfileInput, EMPTY_COMPANY_PROFILE } from "@/shared/companies";
import { PATHS } from "@/shared/paths";
import { CompanyDocumentList } from "@/web/components/company-documents";
import { CompanyFacts } from "@/web/components/company-facts";
import { RetryAlert } from "@/web/components/list-states";
import { HomeLogoLink } from "@/web/components/logo";
import { PublicLayout } from "@/web/components/public-layout";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { LoadingScreen } from "@/web/components/ui/spinner";
import { toast } from "@/web/components/ui/use-toast";
import { useAuth } from "@/web/lib/auth";
import { formatDate } from "@/web/lib/format";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { ownCompanyQueryOptions, useRegisterCompany, useUpdateCompany } from "./api";
import { CompanyForm, companyToFormValues } from "./company-form";
import { CompanyStatusBanner } from "./company-status-banner";
import { PROVIDER_SIGN_IN_URL, ProviderLanding } from "./provider-landing";
import { DocumentsField, type DocumentUploads, useDocumentUploads } from "./vetting-documents";

const UPLOADS_RUNNING = {
  title: "Documents still uploading",
  description: "Wait for your documents to finish uploading, then submit again.",
  variant: "destructive",
} as const;

/** The form's values with the uploaded documents; null (and a toast) while one is still uploading. */
function withDocuments(values: CompanyProfileInput, docs: DocumentUploads): CompanyProfileInput | null {
  if (docs.uploads.busy) {
    toast(UPLOADS_RUNNING);
    return null;
  }
  const documents = docs.documents();
  return documents.length > 0 ? { ...values, documents } : values;
}

/**
 * /provider-registration (spec screens 5 and 6): the landing for visitors; the registration form for a
 * signed-in user without a company; where the company stands in vetting once it exists.
 */
export function ProviderRegistrationPage() {
  usePublicPageMeta(PATHS.providerRegistration);
  const { user, isLoading } = useAuth();
  if (isLoading) return <LoadingScreen />;
  // A visitor is on a public page like the marketing pages; signed in, the page is a step of onboarding.
  if (!user) {
    return (
      <PublicLayout signInHref={PROVIDER_SIGN_IN_URL}>
        <ProviderLanding />
      </PublicLayout>
    );
  }
  return (
    <div className="flex min-h-screen flex-col bg-white">
      <header className="border-b border-slate-200">
        <div className="mx-auto flex max-w-6xl items-center justify-between px-4 py-4">
          <HomeLogoLink size="md" />
          <Button asChild variant="outline">
            <Link to={PATHS.home}>Dashboard</Link>
          </Button>
        </div>
      </header>
      <main className="flex-1">
        {user.userType === "admin" ? (
          <AdminNotice />
        ) : user.userType === "provider" ? (
          <ProviderRegistration />
        ) : (
          // A client has no company: registering one is what makes a provider (only providers read theirs).
          <RegistrationForm />
        )}
      </main>
    </div>
  );
}

function Narrow({ children }: { children: ReactNode }) {
  return <div className="mx-auto max-w-3xl space-y-6 px-4 py-10">{children}</div>;
}

function AdminNotice() {
  return (
    <Narrow>
      <h1 className="text-3xl font-bold text-slate-900">Provider Registration</h1>
      <p className="text-slate-700">
        Administrator accounts can't register a provider company. Sign in with a separate account to register one, or
        review pending providers in the admin dashboard.
      </p>
      <Button asChild>
        <Link to={PATHS.adminProviders}>Review Providers</Link>
      </Button>
    </Narrow>
  );
}

/** A provider's company in vetting; a provider an admin made, without a company yet, gets the form. */
function ProviderRegistration() {
  const company = useQuery(ownCompanyQueryOptions());
  if (company.isLoading) {
    return (
      <div className="flex justify-center py-20 text-slate-600" role="status">
        <Loader2 className="mr-2 h-5 w-5 animate-spin" aria-hidden="true" />
        Loading...
      </div>
    );
  }
  if (company.isError) {
    return (
      <Narrow>
        <RetryAlert error={company.error} what="Your company profile" onRetry={() => void company.refetch()} />
      </Narrow>
    );
  }
  return company.data ? <CompanyStatusView company={company.data} /> : <RegistrationForm />;
}

function RegistrationForm() {
  const register = useRegisterCompany();
  const docs = useDocumentUploads();
  return (
    <Narrow>
      <div>
        <h1 className="text-3xl font-bold text-slate-900">Register Your Company</h1>
        <p className="mt-2 text-slate-700">
          Tell us about your company. Once our team has verified it, you'll receive leads matched to your specialties.
        </p>
      </div>
      <Card>
        <CardHeader>
          <CardTitle as="h2">Company Profile</CardTitle>
          <CardDescription>All fields are required unless marked optional.</CardDescription>
        </CardHeader>
        <CardContent>
          <CompanyForm
            defaultValues={EMPTY_COMPANY_PROFILE}
            onSubmit={(values) => {
              const body = withDocuments(values, docs);
              if (body) register.mutate(body, { onSuccess: () => docs.uploads.reset() });
            }}
            isPending={register.isPending}
            submitLabel="Create Company Profile"
            pendingLabel="Creating Profile..."
          >
            <DocumentsField docs={docs} />
            <NextSteps />
          </CompanyForm>
        </CardContent>
      </Card>
    </Narrow>
  );
}

function NextSteps() {
  return (
    <aside aria-labelledby="next-steps" className="rounded-lg border border-blue-200 bg-blue-50 p-4 text-blue-950">
      <h3 id="next-steps" className="flex items-center gap-2 font-semibold">
        <Info className="h-4 w-4" aria-hidden="true" />
        Next Steps
      </h3>
      <ol className="mt-2 list-decimal space-y-1 pl-5 text-sm">
        <li>Our team reviews your company profile, usually within 24-48 hours.</li>
        <li>Your company is verified before it receives any leads.</li>
        <li>Set up your subscription to start getting matched with clients.</li>
        <li>Submit quotes to the businesses you're matched with.</li>
      </ol>
    </aside>
  );
}

function CompanyStatusView({ company }: { company: Company }) {
  const update = useUpdateCompany();
  const documents = company.documents ?? [];
  const docs = useDocumentUploads(documents.filter((d) => !d.removed).length);
  // A rejected profile, or one our team asked to change, opens straight in the form: editing it is the way forward.
  const resubmitting = company.status === "rejected" || company.status === "changes_requested";
  const [editing, setEditing] = useState(resubmitting);

  const onSubmit = (values: CompanyProfileInput) => {
    // An approved company's documents were checked already: only an application under review takes more.
    const body = company.status === "approved" ? values : withDocuments(values, docs);
    if (!body) return;
    update.mutate(body, {
      onSuccess: (saved) => {
        docs.uploads.reset();
        toast(
          resubmitting
            ? {
                title: "Profile Resubmitted",
                description: "Our team will review your updated profile and let you know.",
              }
            : { title: "Profile Updated", description: "Your company profile has been saved." },
        );
        if (saved.status !== "rejected") setEditing(false);
      },
    });
  };

  return (
    <Narrow>
      <h1 className="text-3xl font-bold text-slate-900">Your Company Profile</h1>
      <CompanyStatusBanner company={company}>
        {company.status === "approved" ? (
          <Button asChild className="bg-green-700 hover:bg-green-800">
            <Link to={PATHS.subscription}>
              Set Up Your Subscription <ArrowRight className="h-4 w-4" aria-hidden="true" />
            </Link>
          </Button>
        ) : resubmitting ? (
          <p className="text-sm">Update your profile below and resubmit it for review.</p>
        ) : null}
      </CompanyStatusBanner>
      {editing ? (
        <Card>
          <CardHeader>
            <CardTitle as="h2">{resubmitting ? "Edit and Resubmit" : "Edit Company Profile"}</CardTitle>
          </CardHeader>
          <CardContent className="space-y-4">
            <CompanyForm
              key={company.updatedAt}
              defaultValues={companyToFormValues(company)}
              onSubmit={onSubmit}
              isPending={update.isPending}
              submitLabel={resubmitting ? "Resubmit for Review" : "Save Changes"}
              pendingLabel={resubmitting ? "Resubmitting..." : "Saving..."}
            >
              <CompanyDocumentList documents={documents} />
              {company.status === "approved" ? null : <DocumentsField docs={docs} />}
            </CompanyForm>
            {resubmitting ? null : (
              <Button variant="ghost" className="w-full" onClick={() => setEditing(false)}>
                Cancel
              </Button>
            )}
          </CardContent>
        </Card>
      ) : (
        <CompanySummary company={company} onEdit={() => setEditing(true)} />
      )}
    </Narrow>
  );
}

function CompanySummary({ company, onEdit }: { company: Company; onEdit: () => void }) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-start justify-between gap-4">
        <div className="space-y-1.5">
          <CardTitle as="h2">{company.name}</CardTitle>
          <CardDescription>Submitted {formatDate(company.createdAt)}</CardDescription>
        </div>
        <Button variant="outline" onClick={onEdit}>
          Edit Profile
        </Button>
      </CardHeader>
      <CardContent className="space-y-4">
        <CompanyFacts company={company} tone="green" />
        <CompanyDocumentList documents={company.documents ?? []} />
      </CardContent>
    </Card>
  );
}
