import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import type { NotificationPreferences } from "@/shared/notifications";
import { QueryStates } from "@/web/components/list-states";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { CheckboxField } from "@/web/components/ui/field";
import { notificationPreferencesQueryOptions, useSaveNotificationPreferences } from "./api";

type Preference = NotificationPreferences["preferences"][number];

/**
 * One kind's checkbox. Its own state changes in the click itself: the cache it follows is updated a
 * tick later (the query library notifies on a timer), and React would first put a controlled box
 * back, so the click would seem to do nothing. The cache's value, once it moves, wins again.
 */
function PreferenceRow({
  preference: p,
  disabled,
  onChange,
}: {
  preference: Preference;
  disabled: boolean;
  onChange: (email: boolean) => void;
}) {
  const [checked, setChecked] = useState(p.email);
  useEffect(() => setChecked(p.email), [p.email]);
  return (
    <li className="py-3">
      <CheckboxField
        id={`notify-email-${p.kind.replace(".", "-")}`}
        label={p.label}
        hint={p.description}
        labelClassName="text-slate-900"
      >
        {(control) => (
          <input
            {...control}
            type="checkbox"
            className="mt-0.5 h-4 w-4 shrink-0 accent-blue-700"
            checked={checked}
            disabled={disabled}
            onChange={(e) => {
              setChecked(e.target.checked);
              onChange(e.target.checked);
            }}
          />
        )}
      </CheckboxField>
    </li>
  );
}

/** Settings: email on or off for each kind of notification the user's role receives. */
export function NotificationPreferencesCard() {
  const prefs = useQuery(notificationPreferencesQueryOptions());
  const save = useSaveNotificationPreferences();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Notifications</CardTitle>
        <CardDescription>
          You always see notifications in the bell at the top of the page. Choose which ones also come by email.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <QueryStates
          query={prefs}
          what="Your notification settings"
          small
          isEmpty={(d) => d.preferences.length === 0}
          empty={<p className="text-sm text-slate-600">There are no email notifications for your account type.</p>}
        >
          {(d) => (
            <fieldset>
              <legend className="mb-2 text-sm font-medium text-slate-900">Email me when</legend>
              <ul className="divide-y divide-slate-100">
                {d.preferences.map((p) => (
                  <PreferenceRow
                    key={p.kind}
                    preference={p}
                    disabled={save.isPending}
                    onChange={(email) => save.mutate({ preferences: [{ kind: p.kind, email }] })}
                  />
                ))}
              </ul>
            </fieldset>
          )}
        </QueryStates>
      </CardContent>
    </Card>
  );
}
