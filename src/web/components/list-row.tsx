import type { ReactNode } from "react";
import { Link } from "react-router";
import { Button } from "@/web/components/ui/button";
import { Card, CardContent } from "@/web/components/ui/card";

/**
 * One row of a signed-in list (the provider's leads, the provider's quotes): its heading with its
 * status badge, the lines under them, and the link to open it, named for screen readers by `linkLabel`.
 */
export function ListRow({
  heading,
  headingAs: Heading,
  badge,
  to,
  linkText,
  linkLabel,
  testId,
  children,
}: {
  heading: ReactNode;
  headingAs: "h2" | "h3";
  badge: ReactNode;
  to: string;
  linkText: string;
  linkLabel: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="flex flex-wrap items-center justify-between gap-4 p-5">
        <div className="min-w-0 space-y-1">
          <div className="flex flex-wrap items-center gap-3">
            <Heading className="font-semibold text-slate-900">{heading}</Heading>
            {badge}
          </div>
          {children}
        </div>
        <Button asChild variant="outline" size="sm">
          <Link to={to} aria-label={linkLabel}>
            {linkText}
          </Link>
        </Button>
      </CardContent>
    </Card>
  );
}
