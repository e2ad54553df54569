import { CompanyProfileCard } from "@/web/features/companies/company-profile-card";
import { NotificationPreferencesCard } from "@/web/features/notifications/notification-preferences-card";
import { CaseStudiesCard } from "@/web/features/profile-editor/case-studies-card";
import { PublicProfileCard } from "@/web/features/profile-editor/public-profile-card";
import { ProviderReviewsCard } from "@/web/features/reviews/provider-reviews-card";
import { ApiTokensCard } from "@/web/features/settings/api-tokens-card";
import { LeadPreferencesCard } from "@/web/features/settings/lead-preferences-card";
import { SettingsPage } from "@/web/features/settings/settings-page";
import { WebhooksCard } from "@/web/features/webhooks/webhooks-card";

/**
 * Account settings (features/settings), then the company profile, the leads it wants (features/settings),
 * where its events are sent (features/webhooks), the API tokens of providers and admins
 * (features/settings), the public profile and its case studies (features/profile-editor), the provider's
 * reviews (features/reviews), and the email preferences of their features. The admin's Settings
 * (/admin/settings) is this page too.
 */
export function SettingsRoute() {
  return (
    <SettingsPage
      moreCards={(user) => (
        <>
          <CompanyProfileCard user={user} />
          <LeadPreferencesCard user={user} />
          <WebhooksCard user={user} />
          <ApiTokensCard user={user} />
          <PublicProfileCard user={user} />
          <CaseStudiesCard user={user} />
          <ProviderReviewsCard user={user} />
          <NotificationPreferencesCard />
        </>
      )}
    />
  );
}
