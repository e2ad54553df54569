import type { LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { Card, CardContent, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";

/**
 * One figure of a signed-in page (the dashboards, analytics, reports): a small heading, an optional
 * icon beside it, the value large, and what the page adds under it.
 */
export function StatCard({
  title,
  value,
  icon: Icon,
  testId,
  valueTestId,
  headerClassName,
  valueClassName,
  note,
  children,
}: {
  title: string;
  value: ReactNode;
  icon?: LucideIcon;
  testId?: string;
  valueTestId?: string;
  headerClassName?: string;
  valueClassName?: string;
  /** A line of small print under the value: what it counts, or its parts. */
  note?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader className={cn("pb-2", Icon && "flex flex-row items-center justify-between", headerClassName)}>
        <CardTitle as="h2" className="text-sm font-medium text-slate-600">
          {title}
        </CardTitle>
        {Icon ? <Icon className="h-4 w-4 text-slate-500" aria-hidden="true" /> : null}
      </CardHeader>
      <CardContent>
        <p className={cn("text-2xl font-bold text-slate-900", valueClassName)} data-testid={valueTestId}>
          {value}
        </p>
        {note ? <p className="text-sm text-slate-600">{note}</p> : null}
        {children}
      </CardContent>
    </Card>
  );
}
