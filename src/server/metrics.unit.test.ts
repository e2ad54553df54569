// The operator's dashboard (docs/grafana-dashboard.json) has a panel for every family the app exports,
// so that a family added later is not left out of it (decision 161).
import fs from "node:fs";
import { describe, expect, it } from "vitest";
import { createMetrics } from "./metrics";

type Panel = { title: string; targets: { expr: string }[] };
const dashboard = JSON.parse(
  fs.readFileSync(new URL("../../docs/grafana-dashboard.json", import.meta.url), "utf8"),
) as {
  panels: Panel[];
};

describe("the Grafana dashboard", () => {
  it("charts every automatch_ family, the event-loop lag and the heap", async () => {
    const families = (await createMetrics().registry.getMetricsAsJSON()).map((m) => m.name);
    expect(families.length).toBeGreaterThanOrEqual(13);
    const expressions = dashboard.panels.flatMap((p) => p.targets.map((t) => t.expr)).join("\n");
    for (const family of [...families, "nodejs_eventloop_lag_p99_seconds", "nodejs_heap_size_used_bytes"]) {
      expect(expressions, `no panel charts ${family}`).toContain(family);
    }
  });
});
