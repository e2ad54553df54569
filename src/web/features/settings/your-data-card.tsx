// The "Your data" card of Settings, for every role: download what the product holds about you (with
// your files, as a ZIP), or delete the account after confirming with the password (what deletion does:
// decision 118). It also says whether this server scans uploaded files for viruses (decision 176).
import { Download, FileArchive } from "lucide-react";
import { useState } from "react";
import { useNavigate } from "react-router";
import { deleteAccountSchema } from "@/shared/account";
import { PATHS } from "@/shared/paths";
import type { PublicUser, UserType } from "@/shared/users";
import { DialogForm } from "@/web/components/reason-dialog";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { toast } from "@/web/components/ui/use-toast";
import { errorMessage } from "@/web/lib/api";
import { usePublicConfig } from "@/web/lib/public-config";
import { useSchemaForm } from "@/web/lib/schema-form";
import { ACCOUNT_EXPORT_URL, ACCOUNT_EXPORT_ZIP_URL, useDeleteAccount } from "./your-data-api";

/** What deleting does to the things this role has, in the order the user cares about. */
const WHAT_HAPPENS: Record<UserType, string> = {
  client:
    'Your open and matched requests are cancelled and their providers told. Past requests stay for the providers\' records, shown as by "Deleted user" without your contact details.',
  provider:
    "Your pending quotes are withdrawn, your subscription is cancelled at once and your company stops receiving leads. Quotes clients hired stay under your company's name.",
  admin: "You stop being an admin. The last admin cannot delete their account: make another user an admin first.",
};

function DeleteAccountDialog({ user }: { user: PublicUser }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const form = useSchemaForm(deleteAccountSchema, { password: "" }, "onSubmit");
  const remove = useDeleteAccount({
    onSuccess: () => {
      setOpen(false);
      navigate(PATHS.home);
      toast({ title: "Account Deleted", description: "Your account was deleted and you are signed out." });
    },
    onError: (err) => {
      // The server names the field it refuses ("password: ..."); anything else is said as it is.
      const message = errorMessage(err);
      form.setError("password", { message: message.replace(/^password: /, "") });
    },
  });
  return (
    <DialogForm
      trigger={<Button variant="destructive">Delete Account</Button>}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) form.reset();
      }}
      title="Delete your account?"
      description="This cannot be undone."
      onSubmit={form.handleSubmit((v) => remove.mutate(v))}
      pending={remove.isPending}
      cancelLabel="Keep My Account"
      confirmLabel="Delete My Account"
      pendingLabel="Deleting..."
      destructive
    >
      <div className="space-y-2 text-sm text-slate-700">
        <p>{WHAT_HAPPENS[user.userType]}</p>
        <p>
          Your name, email address, notifications and sessions are removed, you are signed out everywhere, and{" "}
          {user.email} may sign up again later as a new account.
        </p>
      </div>
      <Field id="delete-account-password" label="Your password" error={form.formState.errors.password?.message}>
        {(control) => (
          <Input {...control} type="password" autoComplete="current-password" {...form.register("password")} />
        )}
      </Field>
    </DialogForm>
  );
}

/** Said either way, once the server's configuration is known. */
function FileScanningNote() {
  const { data } = usePublicConfig();
  if (!data) return null;
  return (
    <p className="text-sm text-slate-600" data-testid="file-scanning">
      {data.fileScanning
        ? "Uploaded files are scanned for viruses before anyone else can open them."
        : "Uploaded files are not scanned for viruses on this server."}
    </p>
  );
}

export function YourDataCard({ user }: { user: PublicUser }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Your data</CardTitle>
        <CardDescription>
          Download everything we hold about your account as a JSON file, or as a ZIP with the files you uploaded beside
          it; or delete the account.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        <div className="flex flex-wrap gap-3">
          <Button asChild variant="outline">
            <a href={ACCOUNT_EXPORT_URL} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              Download My Data
            </a>
          </Button>
          <Button asChild variant="outline">
            <a href={ACCOUNT_EXPORT_ZIP_URL} download>
              <FileArchive className="h-4 w-4" aria-hidden="true" />
              Download with your files (ZIP)
            </a>
          </Button>
          <DeleteAccountDialog user={user} />
        </div>
        <FileScanningNote />
      </CardContent>
    </Card>
  );
}
