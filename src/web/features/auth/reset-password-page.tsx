import { useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { z } from "zod";
import { signUpSchema } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { errorMessage, fieldIssues } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useSchemaForm } from "@/web/lib/schema-form";
import { useResetPassword } from "./api";
import { AuthFormShell, AuthLink, authLinkClass, FormProblem, SubmitButton } from "./auth-form-shell";

const formSchema = z.object({ password: signUpSchema.shape.password });

/** The notice the sign-in page shows after a reset (router state, so a reload does not repeat it). */
export const PASSWORD_RESET_DONE =
  "Your password was changed and every device was signed out. Sign in with the new one.";

export function ResetPasswordPage() {
  usePageMeta("Choose a new password", "Choose a new password for your Automatch account.");
  const { hash } = useLocation();
  // The token rides after `#`, which browsers never send to a server.
  const [token] = useState(() => new URLSearchParams(hash.slice(1)).get("token") ?? "");
  const navigate = useNavigate();
  const form = useSchemaForm(formSchema, { password: "" });
  const reset = useResetPassword({
    onSuccess: () => navigate(PATHS.login, { replace: true, state: { notice: PASSWORD_RESET_DONE } }),
    onError: (err) => {
      const issue = fieldIssues(err).find((i) => i.field === "password");
      if (issue) form.setError("password", { message: issue.message }, { shouldFocus: true });
    },
  });
  const linkProblem = reset.error && fieldIssues(reset.error).length === 0 ? errorMessage(reset.error) : null;

  if (!token) {
    return (
      <AuthFormShell title="Choose a new password" description="This page opens from the link in the email.">
        <FormProblem>The link is incomplete. Open it from the email again, or ask for a new one.</FormProblem>
        <AuthLink to={PATHS.forgotPassword}>Ask for a new link</AuthLink>
      </AuthFormShell>
    );
  }

  return (
    <AuthFormShell
      title="Choose a new password"
      description="Every device signed in to your account will be signed out."
    >
      <form
        onSubmit={form.handleSubmit((values) => reset.mutate({ token, password: values.password }))}
        className="space-y-4"
        noValidate
      >
        <Field id="password" label="New password" error={form.formState.errors.password?.message}>
          {(control) => (
            <Input {...control} type="password" autoComplete="new-password" {...form.register("password")} />
          )}
        </Field>
        {linkProblem ? (
          <FormProblem>
            {linkProblem}{" "}
            <Link className={authLinkClass} to={PATHS.forgotPassword}>
              Ask for a new link
            </Link>
          </FormProblem>
        ) : null}
        <SubmitButton pending={reset.isPending} pendingLabel="Saving...">
          Set New Password
        </SubmitButton>
      </form>
    </AuthFormShell>
  );
}
