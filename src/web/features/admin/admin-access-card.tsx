import { ShieldCheck } from "lucide-react";
import { PATHS } from "@/shared/paths";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { usePageMeta } from "@/web/lib/page-meta";

/** Spec screen 10: what /admin shows to someone who is not signed in as an administrator. */
export function AdminAccessCard() {
  usePageMeta("Administrator Access", "Sign in as an administrator to run the marketplace.");
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          <ShieldCheck className="h-10 w-10 text-purple-700" aria-hidden="true" />
          <CardTitle as="h1">Administrator Access</CardTitle>
          <CardDescription>This area is for marketplace administrators.</CardDescription>
        </CardHeader>
        <CardContent>
          <Button asChild className="w-full bg-purple-700 hover:bg-purple-800">
            <a href={`/api/login?returnTo=${encodeURIComponent(PATHS.admin)}`}>Sign In as Administrator</a>
          </Button>
        </CardContent>
      </Card>
    </main>
  );
}
