import { zodResolver } from "@hookform/resolvers/zod";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useForm } from "react-hook-form";
import {
  type ChangePasswordInput,
  changePasswordSchema,
  type UpdateProfileInput,
  updateProfileSchema,
} from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { SectionPage } from "@/web/app/section-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";
import { authUserQueryOptions, useAuth } from "@/web/features/auth/api";
import { CompanyProfileCard } from "@/web/features/companies/company-profile-card";
import { NotificationPreferencesCard } from "@/web/features/notifications/notification-preferences-card";
import { apiRequest, errorMessage } from "@/web/lib/api";

function ProfileCard({ user }: { user: PublicUser }) {
  const queryClient = useQueryClient();
  const form = useForm<UpdateProfileInput>({
    resolver: zodResolver(updateProfileSchema),
    mode: "onTouched",
    defaultValues: { firstName: user.firstName, lastName: user.lastName },
  });
  const save = useMutation({
    mutationFn: async (values: UpdateProfileInput) =>
      (await (await apiRequest("PATCH", "/api/auth/profile", values)).json()) as PublicUser,
    onSuccess: (updated) => {
      queryClient.setQueryData(authUserQueryOptions().queryKey, updated);
      toast({ title: "Profile Updated", description: "Your name has been saved." });
    },
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
  });
  const fields = [
    { name: "firstName", label: "First name" },
    { name: "lastName", label: "Last name" },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Profile</CardTitle>
        <CardDescription>Signed in as {user.email}.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => save.mutate(v))} noValidate>
          {fields.map((f) => (
            <Field
              key={f.name}
              id={`settings-${f.name}`}
              label={f.label}
              error={form.formState.errors[f.name]?.message}
            >
              {(control) => <Input {...control} {...form.register(f.name)} />}
            </Field>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? "Saving..." : "Save Profile"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

function PasswordCard() {
  const form = useForm<ChangePasswordInput>({
    resolver: zodResolver(changePasswordSchema),
    mode: "onTouched",
    defaultValues: { currentPassword: "", newPassword: "" },
  });
  const change = useMutation({
    mutationFn: async (values: ChangePasswordInput) => {
      await apiRequest("POST", "/api/auth/password", values);
    },
    onSuccess: () => {
      form.reset();
      toast({ title: "Password Changed", description: "You have been signed out on your other devices." });
    },
    onError: (err) => toast({ title: "Error", description: errorMessage(err), variant: "destructive" }),
  });
  const fields = [
    { name: "currentPassword", label: "Current password", autoComplete: "current-password" },
    { name: "newPassword", label: "New password", autoComplete: "new-password" },
  ] as const;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Password</CardTitle>
        <CardDescription>Changing it signs you out everywhere else.</CardDescription>
      </CardHeader>
      <CardContent>
        <form className="grid gap-4 sm:grid-cols-2" onSubmit={form.handleSubmit((v) => change.mutate(v))} noValidate>
          {fields.map((f) => (
            <Field
              key={f.name}
              id={`settings-${f.name}`}
              label={f.label}
              error={form.formState.errors[f.name]?.message}
            >
              {(control) => (
                <Input {...control} type="password" autoComplete={f.autoComplete} {...form.register(f.name)} />
              )}
            </Field>
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={change.isPending}>
              {change.isPending ? "Changing..." : "Change Password"}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

export function SettingsPage() {
  const { user } = useAuth();
  return (
    <SectionPage title="Settings" intro="Your account and preferences.">
      {user ? (
        <div className="grid max-w-3xl gap-6">
          <ProfileCard user={user} />
          <PasswordCard />
          <CompanyProfileCard user={user} />
          <NotificationPreferencesCard />
        </div>
      ) : null}
    </SectionPage>
  );
}
