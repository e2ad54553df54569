// Shown above every signed-in page until the account's address is confirmed (decision 114): what the
// address is still needed for, and a way to get another link.
import { MailWarning } from "lucide-react";
import { Button } from "@/web/components/ui/button";
import { errorMessage } from "@/web/lib/api";
import { useAuth } from "@/web/lib/auth";
import { useResendVerification } from "./api";

export function VerifyEmailBanner() {
  const { user } = useAuth();
  const resend = useResendVerification();
  if (!user || user.emailVerified) return null;
  return (
    <section
      aria-label="Confirm your email"
      className="flex flex-wrap items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-3 text-sm text-amber-900 md:px-6"
    >
      <MailWarning className="h-5 w-5 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">
        Confirm your email address, {user.email}, with the link we sent you.
        {user.userType === "client"
          ? " Your quote requests go to providers, and providers see your contact details, only once it is confirmed."
          : null}
      </p>
      {resend.data ? (
        <p role="status">{resend.data.message}</p>
      ) : resend.isError ? (
        <p role="alert">{errorMessage(resend.error)}</p>
      ) : (
        <Button size="sm" variant="outline" disabled={resend.isPending} onClick={() => resend.mutate()}>
          {resend.isPending ? "Sending..." : "Send the Link Again"}
        </Button>
      )}
    </section>
  );
}
