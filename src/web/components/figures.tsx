// The figures of the analytics pages (the admin's Analytics tab, the provider's /analytics, the client's
// /reports): a card per chart, a line chart read out as one picture, and the table that gives the same
// figures as text, so that nothing is only in a picture.
import type { ReactNode } from "react";
import { CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import type { PipelineStages } from "@/shared/pipeline";
import { PipelineFunnel } from "@/web/components/pipeline-funnel";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "@/web/components/ui/card";
import { cn } from "@/web/lib/cn";

/** A chart's card: its title, what it counts, then the chart and its figures. */
export function FiguresCard({
  title,
  description,
  testId,
  large = false,
  contentClassName,
  children,
}: {
  title: string;
  description?: ReactNode;
  testId?: string;
  /** The title at the card's size (the client's reports) rather than the analytics' smaller one. */
  large?: boolean;
  contentClassName?: string;
  children: ReactNode;
}) {
  return (
    <Card data-testid={testId}>
      <CardHeader>
        <CardTitle as="h2" className={large ? undefined : "text-base"}>
          {title}
        </CardTitle>
        {description ? <CardDescription>{description}</CardDescription> : null}
      </CardHeader>
      <CardContent className={contentClassName}>{children}</CardContent>
    </Card>
  );
}

/** The pipeline's funnel in its card; `description` says which leads it counts. */
export function PipelineCard({
  stages,
  description,
  testId,
}: {
  stages: PipelineStages;
  description: string;
  testId: string;
}) {
  return (
    <FiguresCard title="Pipeline" description={description}>
      <PipelineFunnel stages={stages} testId={testId} />
    </FiguresCard>
  );
}

const AXIS_TICK = { fill: "#334155", fontSize: 12 };

/** A line chart over time, one line a series; `label` says it in words for a screen reader. */
export function LineFigure<Row extends { label: string }>({
  label,
  rows,
  lines,
  testId,
  legend = false,
  percent = false,
}: {
  label: string;
  rows: Row[];
  lines: { key: keyof Row & string; name: string; color: string }[];
  testId?: string;
  legend?: boolean;
  /** A rate from 0 to 100 %, its missing months bridged; otherwise whole counts. */
  percent?: boolean;
}) {
  return (
    <div role="img" aria-label={label} className="h-64" data-testid={testId}>
      <ResponsiveContainer width="100%" height="100%">
        <LineChart data={rows} accessibilityLayer={false} margin={{ top: 8, right: 16, left: -16, bottom: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={AXIS_TICK} />
          {percent ? (
            <YAxis domain={[0, 100]} unit="%" tick={AXIS_TICK} />
          ) : (
            <YAxis allowDecimals={false} tick={AXIS_TICK} />
          )}
          <Tooltip />
          {legend ? <Legend /> : null}
          {lines.map((l) => (
            <Line
              key={l.key}
              type="monotone"
              dataKey={l.key}
              name={l.name}
              stroke={l.color}
              strokeWidth={2}
              connectNulls={percent}
              dot={percent ? { r: 4 } : false}
            />
          ))}
        </LineChart>
      </ResponsiveContainer>
    </div>
  );
}

type FiguresColumn<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** Figures are set right, to be read down the column. */
  right?: boolean;
};

/**
 * Figures as a table: one row a month (or a provider, a request), its first column the row's header.
 * `dense` is the admin's tighter spacing.
 */
export function FiguresTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  testId,
  dense = false,
  className,
}: {
  /** What the table holds, for a screen reader. */
  caption?: string;
  rows: Row[];
  rowKey: (row: Row) => string | number;
  /** The first one names the row. */
  columns: [FiguresColumn<Row>, ...FiguresColumn<Row>[]];
  testId?: string;
  dense?: boolean;
  className?: string;
}) {
  const [first, ...rest] = columns;
  const cell = (c: FiguresColumn<Row>) => cn(dense ? "py-1" : "py-2", "pr-4 last:pr-0", c.right && "text-right");
  return (
    <table className={cn("w-full text-left text-sm", className)} data-testid={testId}>
      {caption ? <caption className="sr-only">{caption}</caption> : null}
      <thead>
        <tr className="border-b border-slate-200 text-slate-600">
          {columns.map((c) => (
            <th key={c.header} scope="col" className={cn(cell(c), "font-medium")}>
              {c.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((r) => (
          <tr key={rowKey(r)} className="border-b border-slate-100">
            <th scope="row" className={cn(cell(first), "font-normal text-slate-900")}>
              {first.cell(r)}
            </th>
            {rest.map((c) => (
              <td key={c.header} className={cn(cell(c), "tabular-nums")}>
                {c.cell(r)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
