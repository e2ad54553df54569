import { useEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { safeReturnTo } from "@/shared/auth";
import { PATHS } from "@/shared/paths";
import { errorMessage } from "@/web/lib/api";
import { usePageMeta } from "@/web/lib/page-meta";
import { useVerifyEmail } from "./api";
import { AuthFormShell } from "./auth-form-shell";

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
        <p role="alert" className="text-sm text-red-700">
          The link is incomplete. Open it from the email again.
        </p>
      ) : verify.isError ? (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(verify.error)}
        </p>
      ) : (
        <p role="status" className="text-sm text-slate-700">
          Confirming your email address...
        </p>
      )}
      <p className="mt-6 text-center text-sm">
        <Link className="font-medium text-blue-700 hover:underline" to={PATHS.login}>
          Sign in
        </Link>
      </p>
    </AuthFormShell>
  );
}
