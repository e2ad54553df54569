import { useEffect, useRef, useState } from "react";
import { useLocation, useNavigate } from "react-router";
import { safeReturnTo } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { errorMessage } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useVerifyEmail } from "./api";
import { AuthFormShell, AuthLink, FormProblem } from "./auth-form-shell";

/**
 * The confirmation link's page (decision 114): the token rides after `#`, so it reaches no server log,
 * and it is sent by this page's script, so a mail scanner that fetches the link confirms nothing.
 */
export function VerifyEmailPage() {
  usePageMeta("Confirm your email", "Confirm the email address of your Automatch account.");
  const { hash } = useLocation();
  const [params] = useState(() => new URLSearchParams(hash.slice(1)));
  const token = params.get("token") ?? "";
  const returnTo = safeReturnTo(params.get("returnTo"));
  const navigate = useNavigate();
  const verify = useVerifyEmail({ onSuccess: () => navigate(returnTo, { replace: true }) });
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs effects twice in development.
    if (!token || sent.current) return;
    sent.current = true;
    verify.mutate({ token });
  }, [token, verify]);

  return (
    <AuthFormShell title="Confirm your email" description="One moment while we check the link.">
      {!token ? (
        <FormProblem>The link is incomplete. Open it from the email again.</FormProblem>
      ) : verify.isError ? (
        <FormProblem>{errorMessage(verify.error)}</FormProblem>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          Confirming your email address...
        </p>
      )}
      <AuthLink to={PATHS.login}>Sign in</AuthLink>
    </AuthFormShell>
  );
}
