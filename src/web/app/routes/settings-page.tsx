import { CompanyProfileCard } from "@/web/features/companies/company-profile-card";
import { NotificationPreferencesCard } from "@/web/features/notifications/notification-preferences-card";
import { SettingsPage } from "@/web/features/settings/settings-page";

/** Account settings (features/settings), then the company profile and the email preferences of their features. */
export function SettingsRoute() {
  return (
    <SettingsPage
      moreCards={(user) => (
        <>
          <CompanyProfileCard user={user} />
          <NotificationPreferencesCard />
        </>
      )}
    />
  );
}
