import { requestPasswordResetSchema } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { errorMessage } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useSchemaForm } from "@/web/lib/schema-form";
import { useRequestPasswordReset } from "./api";
import { AuthFormShell, AuthLink, FormProblem, SubmitButton } from "./auth-form-shell";

export function ForgotPasswordPage() {
  usePageMeta("Forgot password", "Get a link to choose a new password for your Automatch account.");
  const form = useSchemaForm(requestPasswordResetSchema, { email: "" });
  const ask = useRequestPasswordReset();

  return (
    <AuthFormShell title="Forgot your password?" description="Enter your email and we will send you a link.">
      {ask.data ? (
        <div className="space-y-4">
          <p role="status" className="text-sm text-slate-700">
            {ask.data.message}
          </p>
          <p className="text-sm text-slate-600">Nothing arrived? Check the spam folder, or ask again in a minute.</p>
          <Button type="button" variant="outline" className="w-full" onClick={() => ask.reset()}>
            Send Another Link
          </Button>
        </div>
      ) : (
        <form onSubmit={form.handleSubmit((values) => ask.mutate(values))} className="space-y-4" noValidate>
          <Field id="email" label="Email" error={form.formState.errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register("email")} />}
          </Field>
          {ask.error ? <FormProblem>{errorMessage(ask.error)}</FormProblem> : null}
          <SubmitButton pending={ask.isPending} pendingLabel="Sending...">
            Send Reset Link
          </SubmitButton>
        </form>
      )}
      <AuthLink to={PATHS.login} prompt="Remembered it?">
        Sign in
      </AuthLink>
    </AuthFormShell>
  );
}
