import { CompanyProfileCard } from "@/web/features/companies/company-profile-card";
import { NotificationPreferencesCard } from "@/web/features/notifications/notification-preferences-card";
import { ProviderReviewsCard } from "@/web/features/reviews/provider-reviews-card";
import { SettingsPage } from "@/web/features/settings/settings-page";

/**
 * Account settings (features/settings), then the company profile, the provider's reviews (features/reviews)
 * and the email preferences of their features.
 */
export function SettingsRoute() {
  return (
    <SettingsPage
      moreCards={(user) => (
        <>
          <CompanyProfileCard user={user} />
          <ProviderReviewsCard user={user} />
          <NotificationPreferencesCard />
        </>
      )}
    />
  );
}
