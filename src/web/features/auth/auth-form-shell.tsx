import type { ReactNode } from "react";
import { Link } from "react-router";
import { HomeLogoLink } from "@/web/components/logo";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";

export function AuthFormShell({
  title,
  description,
  children,
}: {
  title: string;
  description: string;
  children: ReactNode;
}) {
  // Top-aligned, not centred: a phone paints the prerendered form while its HTML is still arriving, and
  // a centred box that grows moves everything drawn so far (a layout shift Lighthouse measured up to
  // 0.1 on /login); a top-aligned one only grows downwards.
  return (
    <main className="flex min-h-screen items-start justify-center bg-slate-50 px-4 pt-12 pb-12 sm:pt-24">
      <div className="w-full max-w-md space-y-6">
        <div className="flex justify-center">
          <HomeLogoLink size="lg" />
        </div>
        <Card>
          <CardHeader>
            <CardTitle as="h1">{title}</CardTitle>
            <CardDescription>{description}</CardDescription>
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
      </div>
    </main>
  );
}

/** A problem with the whole form (not one of its fields); an alert, so it is read out when it appears. */
export function FormProblem({ children }: { children: ReactNode }) {
  return (
    <p role="alert" className="text-sm text-red-700">
      {children}
    </p>
  );
}

/** The form's one button, the card's width, saying what it does while it does it. */
export function SubmitButton({
  pending,
  pendingLabel,
  children,
}: {
  pending: boolean;
  pendingLabel: string;
  children: ReactNode;
}) {
  return (
    <Button type="submit" className="w-full" disabled={pending}>
      {pending ? pendingLabel : children}
    </Button>
  );
}

export const authLinkClass = "font-medium text-blue-700 hover:underline";

/** A way on from the card, under its form: to sign in, to sign up, to ask for a new link; after a question when there is one. */
export function AuthLink({
  to,
  prompt,
  first = false,
  children,
}: {
  to: string;
  prompt?: string;
  /** The first line under the form sits closer to it. */
  first?: boolean;
  children: ReactNode;
}) {
  return (
    <p className={`${first ? "mt-4" : "mt-6"} text-center text-sm${prompt ? " text-slate-600" : ""}`}>
      {prompt ? <>{prompt} </> : null}
      <Link className={authLinkClass} to={to}>
        {children}
      </Link>
    </p>
  );
}
