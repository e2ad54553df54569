import { CompanyProfileCard } from "@/web/features/companies/company-profile-card";
import { NotificationPreferencesCard } from "@/web/features/notifications/notification-preferences-card";
import { CaseStudiesCard } from "@/web/features/profile-editor/case-studies-card";
import { PublicProfileCard } from "@/web/features/profile-editor/public-profile-card";
import { SettingsPage } from "@/web/features/settings/settings-page";

/**
 * Account settings (features/settings), then the company profile, the public profile and its case
 * studies (features/profile-editor), and the email preferences of their features.
 */
export function SettingsRoute() {
  return (
    <SettingsPage
      moreCards={(user) => (
        <>
          <CompanyProfileCard user={user} />
          <PublicProfileCard user={user} />
          <CaseStudiesCard user={user} />
          <NotificationPreferencesCard />
        </>
      )}
    />
  );
}
