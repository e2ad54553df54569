// Reading Prometheus's text format in tests: one sample's value by its name and labels.

/** The labels of one sample line (`name{a="x",b="y"} 3`), or null when the line is another metric's. */
function sampleLabels(line: string, name: string): Record<string, string> | null {
  if (!line.startsWith(name)) return null;
  const rest = line.slice(name.length);
  if (rest.startsWith(" ")) return {};
  if (!rest.startsWith("{")) return null;
  const labels: Record<string, string> = {};
  for (const m of rest.slice(1, rest.indexOf("}")).matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) {
    labels[m[1] ?? ""] = m[2] ?? "";
  }
  return labels;
}

/**
 * The value of the sample named `name` whose labels include `labels`; the sum when several match (a
 * counter's samples over its other labels), and null when none does.
 */
export function sampleValue(text: string, name: string, labels: Record<string, string> = {}): number | null {
  let total: number | null = null;
  for (const line of text.split("\n")) {
    const found = sampleLabels(line, name);
    if (!found || !Object.entries(labels).every(([k, v]) => found[k] === v)) continue;
    total = (total ?? 0) + Number(line.slice(line.lastIndexOf(" ") + 1));
  }
  return total;
}

/** A sample's value as the app's registry shows it now (what GET /metrics would answer). */
export async function metricValue(
  metrics: { registry: { metrics: () => Promise<string> } },
  name: string,
  labels: Record<string, string> = {},
): Promise<number> {
  return sampleValue(await metrics.registry.metrics(), name, labels) ?? 0;
}
