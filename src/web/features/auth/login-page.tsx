import { type FormEvent, useState } from "react";
import { useLocation, useNavigate, useSearchParams } from "react-router";
import { LOGIN_FAILED_MESSAGE, safeReturnTo } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { ApiError, errorMessage } from "@/web/lib/api";
import { useHydrated } from "@/web/lib/hydrated";
import { usePublicPageMeta } from "@/web/lib/page-meta";
import { useSignIn } from "./api";
import { AuthFormShell, AuthLink, FormProblem, SubmitButton } from "./auth-form-shell";

const CREDENTIALS = [
  { name: "email", label: "Email", type: "email", autoComplete: "email" },
  { name: "password", label: "Password", type: "password", autoComplete: "current-password" },
] as const;

export function LoginPage() {
  usePublicPageMeta(PATHS.login);
  // The page is prerendered for the address without its query or state (decision 160): what they say
  // is drawn once the app has taken the page over, since hydration would keep the prerendered links.
  const hydrated = useHydrated();
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(hydrated ? params.get("returnTo") : null);
  const navigate = useNavigate();
  const { state } = useLocation();
  const notice =
    hydrated && typeof (state as { notice?: unknown } | null)?.notice === "string"
      ? (state as { notice: string }).notice
      : null;
  const [credentials, setCredentials] = useState({ email: "", password: "" });

  const signIn = useSignIn({ onSuccess: () => navigate(returnTo, { replace: true }) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate(credentials);
  };

  // A wrong email or password says only that sign-in failed; a locked-out address learns when to retry,
  // and the owner of a suspended account (the right password given) that it is suspended.
  const error = signIn.error
    ? signIn.error instanceof ApiError && (signIn.error.status === 429 || signIn.error.status === 403)
      ? errorMessage(signIn.error)
      : LOGIN_FAILED_MESSAGE
    : null;

  return (
    <AuthFormShell title="Sign in" description="Welcome back. Sign in to continue.">
      {notice ? (
        <p role="status" className="mb-4 rounded-md bg-green-50 p-3 text-sm text-green-800">
          {notice}
        </p>
      ) : null}
      {/* The page is prerendered (decision 160): until the app has taken it over, the form can neither
          be filled (React would reset what was typed) nor sent (a GET would put the password in the
          address; it says post all the same). */}
      <form onSubmit={onSubmit} method="post" noValidate>
        <fieldset disabled={!hydrated} className="space-y-4">
          {CREDENTIALS.map((f) => (
            <Field key={f.name} id={f.name} label={f.label} required>
              {(control) => (
                <Input
                  {...control}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  value={credentials[f.name]}
                  onChange={(e) => setCredentials((current) => ({ ...current, [f.name]: e.target.value }))}
                />
              )}
            </Field>
          ))}
          {error ? <FormProblem>{error}</FormProblem> : null}
          <SubmitButton pending={signIn.isPending} pendingLabel="Signing in...">
            Sign In
          </SubmitButton>
        </fieldset>
      </form>
      <AuthLink to={PATHS.forgotPassword} first>
        Forgot password?
      </AuthLink>
      <AuthLink to={`${PATHS.signup}?returnTo=${encodeURIComponent(returnTo)}`} prompt="New here?">
        Create an account
      </AuthLink>
    </AuthFormShell>
  );
}
