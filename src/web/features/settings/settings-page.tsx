import type { ReactNode } from "react";
import type { DefaultValues, FieldValues, Path, UseFormReturn } from "react-hook-form";
import type { $ZodType } from "zod/v4/core";
import { changeEmailSchema, changePasswordSchema, updateProfileSchema } from "@/shared/auth";
import type { PublicUser } from "@/shared/users";
import { SectionPage } from "@/web/components/section-page";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { binder, InputField } from "@/web/components/ui/form-fields";
import { useAuth } from "@/web/lib/auth";
import { useSchemaForm } from "@/web/lib/schema-form";
import { useChangeEmail, useChangePassword, useUpdateProfile } from "./api";
import { SessionsCard } from "./sessions-card";
import { showAtFields } from "./show-at-fields";
import { YourDataCard } from "./your-data-card";

/** A text field of an account card's form. */
type TextField<T extends FieldValues> = {
  name: Path<T>;
  label: string;
  type?: "email" | "password";
  autoComplete?: string;
};

/** One of the account's cards: a heading, a line under it, and a two-column form of its fields with its button. */
function FormCard<T extends FieldValues, Saved>({
  title,
  description,
  form,
  fields,
  idPrefix = "settings",
  save,
  submitLabel,
  pendingLabel,
}: {
  title: string;
  description: ReactNode;
  form: UseFormReturn<T, unknown, Saved>;
  fields: readonly TextField<T>[];
  /** Names the fields' ids, `${idPrefix}-${name}`. */
  idPrefix?: string;
  /** The mutation that saves the values (its mutate and isPending). */
  save: { mutate: (values: Saved) => void; isPending: boolean };
  submitLabel: string;
  pendingLabel: string;
}) {
  const field = binder(form, idPrefix);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{title}</CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid gap-4 sm:grid-cols-2"
          onSubmit={form.handleSubmit((values) => save.mutate(values))}
          noValidate
        >
          {fields.map((f) => (
            <InputField key={f.name} {...field(f.name)} label={f.label} type={f.type} autoComplete={f.autoComplete} />
          ))}
          <div className="sm:col-span-2">
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? pendingLabel : submitLabel}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}

/**
 * The form of a change that asks for a password: empty at first and again once saved, and a refusal that
 * names its fields shown at them. `callbacks` go to the saving mutation.
 */
function useEmptiedForm<T extends FieldValues>(schema: $ZodType<T, T>, empty: DefaultValues<T>) {
  const form = useSchemaForm(schema, empty);
  const fields = Object.keys(empty) as Path<T>[];
  const callbacks = { onSuccess: () => form.reset(), onError: (err: Error) => showAtFields(form, err, fields) };
  return { form, callbacks };
}

function ProfileCard({ user }: { user: PublicUser }) {
  const form = useSchemaForm(updateProfileSchema, { firstName: user.firstName, lastName: user.lastName });
  const save = useUpdateProfile();
  return (
    <FormCard
      title="Profile"
      description={`Signed in as ${user.email}.`}
      form={form}
      fields={[
        { name: "firstName", label: "First name" },
        { name: "lastName", label: "Last name" },
      ]}
      save={save}
      submitLabel="Save Profile"
      pendingLabel="Saving..."
    />
  );
}

function EmailCard({ user }: { user: PublicUser }) {
  const { form, callbacks } = useEmptiedForm(changeEmailSchema, { email: "", currentPassword: "" });
  const change = useChangeEmail(callbacks);
  return (
    <FormCard
      title="Email"
      description={
        <>
          {user.email} {user.emailVerified ? "(confirmed)" : "(not confirmed yet)"}. A new address takes effect when you
          open the link we send to it.
          {change.data ? (
            <span role="status" className="mt-2 block font-medium text-slate-800">
              {change.data.message}
            </span>
          ) : null}
        </>
      }
      form={form}
      fields={[
        { name: "email", label: "New email", type: "email", autoComplete: "email" },
        { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
      ]}
      idPrefix="settings-email"
      save={change}
      submitLabel="Change Email"
      pendingLabel="Sending..."
    />
  );
}

function PasswordCard() {
  const { form, callbacks } = useEmptiedForm(changePasswordSchema, { currentPassword: "", newPassword: "" });
  const change = useChangePassword(callbacks);
  return (
    <FormCard
      title="Password"
      description="Changing it signs you out everywhere else."
      form={form}
      fields={[
        { name: "currentPassword", label: "Current password", type: "password", autoComplete: "current-password" },
        { name: "newPassword", label: "New password", type: "password", autoComplete: "new-password" },
      ]}
      save={change}
      submitLabel="Change Password"
      pendingLabel="Changing..."
    />
  );
}

/**
 * The account's cards, then the ones other features add for this user (the company profile, the email
 * preferences): the route in src/web/app passes them, so that this feature imports no other.
 */
export function SettingsPage({ moreCards }: { moreCards?: (user: PublicUser) => ReactNode }) {
  const { user } = useAuth();
  return (
    <SectionPage title="Settings" intro="Your account and preferences.">
      {user ? (
        <div className="grid max-w-3xl gap-6">
          <ProfileCard user={user} />
          <EmailCard user={user} />
          <PasswordCard />
          <SessionsCard />
          {moreCards?.(user)}
          <YourDataCard user={user} />
        </div>
      ) : null}
    </SectionPage>
  );
}
