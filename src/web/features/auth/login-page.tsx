import { type FormEvent, useState } from "react";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router";
import { LOGIN_FAILED_MESSAGE, safeReturnTo } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { Field } from "@/web/components/ui/field";
import { Input } from "@/web/components/ui/form-controls";
import { ApiError, errorMessage } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useSignIn } from "./api";
import { AuthFormShell } from "./auth-form-shell";

export function LoginPage() {
  usePageMeta("Sign in", "Sign in to your Automatch account.");
  const [params] = useSearchParams();
  const returnTo = safeReturnTo(params.get("returnTo"));
  const navigate = useNavigate();
  const { state } = useLocation();
  const notice =
    typeof (state as { notice?: unknown } | null)?.notice === "string" ? (state as { notice: string }).notice : null;
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");

  const signIn = useSignIn({ onSuccess: () => navigate(returnTo, { replace: true }) });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    signIn.mutate({ email, password });
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
      <form onSubmit={onSubmit} className="space-y-4" noValidate>
        <Field id="email" label="Email" required>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          )}
        </Field>
        <Field id="password" label="Password" required>
          {(control) => (
            <Input
              {...control}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
            />
          )}
        </Field>
        {error ? (
          <p role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" className="w-full" disabled={signIn.isPending}>
          {signIn.isPending ? "Signing in..." : "Sign In"}
        </Button>
      </form>
      <p className="mt-4 text-center text-sm">
        <Link className="font-medium text-blue-700 hover:underline" to={PATHS.forgotPassword}>
          Forgot password?
        </Link>
      </p>
      <p className="mt-6 text-center text-sm text-slate-600">
        New here?{" "}
        <Link
          className="font-medium text-blue-700 hover:underline"
          to={`${PATHS.signup}?returnTo=${encodeURIComponent(returnTo)}`}
        >
          Create an account
        </Link>
      </p>
    </AuthFormShell>
  );
}
