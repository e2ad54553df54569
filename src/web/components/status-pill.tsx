import { cn } from "@/web/lib/cn";

/** A status as a pill: its label on its own tint (dark text on a light tint keeps every pair above 4.5:1). */
export function StatusPill<S extends string>({
  status,
  labels,
  tints,
  testId,
}: {
  status: S;
  labels: Record<S, string>;
  tints: Record<S, string>;
  testId: string;
}) {
  return (
    <span data-testid={testId} className={cn("rounded-full px-2.5 py-0.5 text-xs font-semibold", tints[status])}>
      {labels[status]}
    </span>
  );
}
