// The server's features import one another in one direction only (decision 081): each may use the
// features listed before it, never one after it, so the graph has no cycle. A new feature is placed
// in this list (and in the decision) when it is added.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/** Lowest first, as decision 081 gives it. */
const ORDER = [
  "activity",
  "alerts",
  "auth",
  "inquiries",
  "notifications",
  "system",
  "billing",
  "companies",
  "matching",
  "quotes",
  "quote-requests",
  "leads",
];

const featuresDir = path.join(import.meta.dirname, "features");

/** Each feature's imports of other features, from its source files (tests may reach across). */
function featureImports(): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const feature of fs.readdirSync(featuresDir)) {
    const dir = path.join(featuresDir, feature);
    if (!fs.statSync(dir).isDirectory()) continue;
    const used = new Set<string>();
    for (const file of fs.readdirSync(dir, { recursive: true, encoding: "utf8" })) {
      if (!file.endsWith(".ts") || file.endsWith(".test.ts")) continue;
      const source = fs.readFileSync(path.join(dir, file), "utf8");
      for (const match of source.matchAll(/from\s+"(\.\.?\/[^"]+)"/g)) {
        const target = path.relative(featuresDir, path.resolve(path.dirname(path.join(dir, file)), match[1] ?? ""));
        const [other] = target.split(path.sep);
        if (other && other !== feature && !other.startsWith("..")) used.add(other);
      }
    }
    graph.set(feature, used);
  }
  return graph;
}

describe("the server's feature graph", () => {
  const graph = featureImports();

  it("places every feature in the order", () => {
    expect([...graph.keys()].filter((f) => !ORDER.includes(f))).toEqual([]);
  });

  it("has every feature use only features placed before it", () => {
    const backEdges = [...graph].flatMap(([feature, used]) =>
      [...used].filter((other) => ORDER.indexOf(other) >= ORDER.indexOf(feature)).map((o) => `${feature} -> ${o}`),
    );
    expect(backEdges).toEqual([]);
  });

  it("sees the imports it checks", () => {
    expect(graph.get("leads")).toEqual(new Set(["companies", "quote-requests"]));
  });
});
