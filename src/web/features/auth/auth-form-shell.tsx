import type { ReactNode } from "react";
import { HomeLogoLink } from "@/web/components/logo";
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
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4 py-12">
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
