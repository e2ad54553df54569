import { useSearchParams } from "react-router";
import { type SignUpInput, safeReturnTo, signUpSchema } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { errorMessage, fieldIssues } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useSchemaForm } from "@/web/lib/schema-form";
import { useSignUp } from "./api";
import { AuthFormShell, AuthLink, FormProblem, SubmitButton } from "./auth-form-shell";

const FIELDS = [
  { name: "firstName", label: "First name", type: "text", autoComplete: "given-name" },
  { name: "lastName", label: "Last name", type: "text", autoComplete: "family-name" },
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "new-password" },
] as const;

export function SignupPage() {
  usePageMeta("Create an account", "Create your Automatch account to request quotes or join as a provider.");
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"));
  const form = useSchemaForm(signUpSchema, { firstName: "", lastName: "", email: "", password: "" });

  const signUp = useSignUp({
    // The server judges what the form cannot (a password on a breach list): shown at its field.
    onError: (err) => {
      for (const issue of fieldIssues(err)) {
        if (FIELDS.some((f) => f.name === issue.field)) {
          form.setError(issue.field as keyof SignUpInput, { message: issue.message }, { shouldFocus: true });
        }
      }
    },
  });
  const fieldError = fieldIssues(signUp.error).length > 0;

  return (
    <AuthFormShell title="Create an account" description="It takes a minute. Submitting requests is free.">
      {signUp.data ? (
        <div className="space-y-3">
          <h2 className="text-base font-semibold text-slate-900">Check your inbox</h2>
          <p role="status" className="text-sm text-slate-700">
            {signUp.data.message}
          </p>
          <p className="text-sm text-slate-600">
            Nothing there? Look in the spam folder. You can also sign in with your password now and confirm the address
            later.
          </p>
        </div>
      ) : (
        <form
          onSubmit={form.handleSubmit((values) => signUp.mutate({ ...values, returnTo }))}
          className="space-y-4"
          noValidate
        >
          {FIELDS.map((f) => (
            <Field key={f.name} id={f.name} label={f.label} error={form.formState.errors[f.name]?.message}>
              {(control) => (
                <Input {...control} type={f.type} autoComplete={f.autoComplete} {...form.register(f.name)} />
              )}
            </Field>
          ))}
          {signUp.error && !fieldError ? <FormProblem>{errorMessage(signUp.error)}</FormProblem> : null}
          <SubmitButton pending={signUp.isPending} pendingLabel="Creating account...">
            Create Account
          </SubmitButton>
        </form>
      )}
      <AuthLink to={`${PATHS.login}?returnTo=${encodeURIComponent(returnTo)}`} prompt="Already have an account?">
        Sign in
      </AuthLink>
    </AuthFormShell>
  );
}
