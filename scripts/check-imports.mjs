#!/usr/bin/env node
// `npm run check:imports`: the one import direction of the house (decision 080), checked on every file.
// Web: shared → features → app. A feature does not import another feature or the app; components and
// lib import neither; shared imports neither side. Server: features use one another in one order
// (decision 081), so never in a circle, and the plumbing every feature uses (http/, live/, db/, the job
// queue) imports no feature (decision 088). Plain Node on purpose: it reads import lines, it needs no compiler.
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

const SOURCE_FILE = /\.(?:ts|tsx|mts|cts|js|jsx|mjs|cjs)$/;
/** Tests drive flows through several features; they are not part of the server's dependency structure. */
const TEST_FILE = /\.test\.[cm]?[jt]sx?$/;

/**
 * The source without comments, so that an import written in a comment does not count. Strings are kept
 * (the specifiers are strings); a quote left open ends at the line's end, so that an apostrophe in JSX
 * text cannot swallow the rest of the file.
 */
export function stripComments(source) {
  let out = "";
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") {
      while (i < source.length && source[i] !== "\n") i++;
    } else if (c === "/" && next === "*") {
      const end = source.indexOf("*/", i + 2);
      const stop = end === -1 ? source.length : end + 2;
      out += source.slice(i, stop).replace(/[^\n]/g, " ");
      i = stop;
    } else if (c === '"' || c === "'" || c === "`") {
      let j = i + 1;
      while (j < source.length && source[j] !== c && (c === "`" || source[j] !== "\n")) {
        j += source[j] === "\\" ? 2 : 1;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from "m"; import { a, type B } from "m"; import * as m from "m"; export { a } from "m"; export * from "m"
  /\b(?:import|export)\s+(?:type\s+)?[\w\s{},*$]*?\bfrom\s*["']([^"'\n]+)["']/g,
  // import "m" (for its side effects)
  /\bimport\s*["']([^"'\n]+)["']/g,
  // import("m"): the lazily loaded pages
  /\bimport\s*\(\s*["']([^"'\n]+)["']\s*\)/g,
];

/** Every module specifier a source file imports, with its line number, in the order they appear. */
export function collectImports(source) {
  const code = stripComments(source);
  const found = [];
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) {
      const specifier = match[1];
      const at = match.index + match[0].lastIndexOf(specifier);
      found.push({ specifier, line: code.slice(0, at).split("\n").length });
    }
  }
  return found.sort((a, b) => a.line - b.line);
}

/**
 * Where a specifier points, as a path relative to the project root with forward slashes; null for a
 * package (react, zod, node:fs...). `@/` is src/, as in tsconfig.json and the Vite and Vitest configs.
 */
export function resolveSpecifier(fromFile, specifier) {
  if (specifier.startsWith("@/")) return path.posix.join("src", specifier.slice(2));
  if (specifier.startsWith("./") || specifier.startsWith("../")) {
    return path.posix.normalize(path.posix.join(path.posix.dirname(fromFile), specifier));
  }
  return null;
}

/** The part of the house a root-relative path belongs to. */
export function layerOf(file) {
  const webFeature = /^src\/web\/features\/([^/]+)\//.exec(file);
  if (webFeature) return { layer: "web-feature", feature: webFeature[1] };
  const serverFeature = /^src\/server\/features\/([^/]+)\//.exec(file);
  if (serverFeature) return { layer: "server-feature", feature: serverFeature[1] };
  for (const [prefix, layer] of [
    ["src/web/app/", "web-app"],
    ["src/web/components/", "web-components"],
    ["src/web/lib/", "web-lib"],
    ["src/web/", "web"],
    ["src/server/", "server"],
    ["src/shared/", "shared"],
  ]) {
    if (file.startsWith(prefix)) return { layer };
  }
  return { layer: "other" };
}

/**
 * The server's features, lowest first (decision 081): each may use the features placed before it, never
 * one after it. A new feature is placed here (and in the decision) when it is added.
 */
export const SERVER_FEATURE_ORDER = [
  "activity",
  "alerts",
  "inquiries",
  "notifications",
  "auth",
  "system",
  "billing",
  "companies",
  "files",
  "vetting",
  "webhooks",
  "providers",
  "matching",
  "quotes",
  "quote-requests",
  "leads",
  "conversations",
  "reviews",
  "reports",
  "admin",
  "account",
  "exports",
];

/**
 * The server's plumbing (decision 088): what every feature uses, so it imports none of them and gets what
 * it needs from one (the session reader, say) through the deps. Its tests may use features.
 */
export const SERVER_PLUMBING = ["src/server/http/", "src/server/live/", "src/server/db/", "src/server/jobs/queue."];

export function isServerPlumbing(file) {
  return !TEST_FILE.test(file) && SERVER_PLUMBING.some((prefix) => file.startsWith(prefix));
}

const isWeb = (layer) => layer.startsWith("web");
const isServer = (layer) => layer.startsWith("server");

/** Why an import breaks the direction, or null when it is allowed. Cycles between server features are found apart. */
export function directionProblem(fromFile, toFile) {
  const from = layerOf(fromFile);
  const to = layerOf(toFile);
  if (from.layer === "web-feature" && to.layer === "web-feature" && from.feature !== to.feature) {
    return (
      `the web feature "${from.feature}" imports the feature "${to.feature}". Move what both need to ` +
      "src/web/lib, src/web/components or src/shared, or compose the two in src/web/app."
    );
  }
  if (from.layer === "web-feature" && to.layer === "web-app") {
    return `the web feature "${from.feature}" imports src/web/app: the app imports features, not the other way round.`;
  }
  if (
    (from.layer === "web-components" || from.layer === "web-lib") &&
    (to.layer === "web-feature" || to.layer === "web-app")
  ) {
    const where = from.layer === "web-lib" ? "src/web/lib" : "src/web/components";
    return `${where} imports ${to.layer === "web-app" ? "src/web/app" : `the feature "${to.feature}"`}: it serves every feature and knows none.`;
  }
  if (isServerPlumbing(fromFile) && to.layer === "server-feature") {
    return (
      `the server's plumbing imports the feature "${to.feature}": http/, live/, db/ and the job queue serve ` +
      "every feature and know none (decision 088). Hand it what it needs through the deps (src/server/deps.ts)."
    );
  }
  if (from.layer === "shared" && (isWeb(to.layer) || isServer(to.layer))) {
    return `src/shared imports ${isWeb(to.layer) ? "src/web" : "src/server"}: shared code is imported by both sides and imports neither.`;
  }
  if (isWeb(from.layer) && isServer(to.layer))
    return "the browser's code imports the server's: share it through src/shared.";
  if (isServer(from.layer) && isWeb(to.layer))
    return "the server's code imports the browser's: share it through src/shared.";
  return null;
}

/**
 * The server's feature graph: for each edge a → b (a ≠ b), the files of a that import b, each with
 * the specifiers. Input: [{ file, imports: [{ specifier, target }] }] with root-relative paths.
 */
export function serverFeatureGraph(files) {
  const graph = new Map();
  for (const { file, imports } of files) {
    const from = layerOf(file);
    if (from.layer !== "server-feature" || TEST_FILE.test(file)) continue;
    for (const { specifier, target } of imports) {
      const to = layerOf(target);
      if (to.layer !== "server-feature" || to.feature === from.feature) continue;
      if (!graph.has(from.feature)) graph.set(from.feature, new Map());
      const edges = graph.get(from.feature);
      if (!edges.has(to.feature)) edges.set(to.feature, new Map());
      const byFile = edges.get(to.feature);
      if (!byFile.has(file)) byFile.set(file, []);
      byFile.get(file).push(specifier);
    }
  }
  return graph;
}

/**
 * Every elementary cycle of a graph (Map node → Map/Set of successors), each once: it starts at its
 * smallest node and visits no node twice. The graphs here have a dozen nodes, so a plain search does.
 */
export function findCycles(graph) {
  const successors = (node) => [...(graph.get(node)?.keys() ?? [])].sort();
  const nodes = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s.keys()])])].sort();
  const cycles = [];
  for (const start of nodes) {
    const walk = (node, trail) => {
      for (const next of successors(node)) {
        if (next === start) cycles.push([...trail]);
        else if (next > start && !trail.includes(next)) walk(next, [...trail, next]);
      }
    };
    walk(start, [start]);
  }
  return cycles;
}

/**
 * Where the server's feature graph leaves the order: features not placed in it, and edges to a feature
 * placed at or after the importer. Edges on a cycle are left to the cycle's report.
 */
export function orderProblems(graph, order, cycles = []) {
  const onCycle = new Set(cycles.flatMap((c) => c.map((from, i) => `${from}>${c[(i + 1) % c.length]}`)));
  const problems = [];
  const features = [...new Set([...graph.keys(), ...[...graph.values()].flatMap((s) => [...s.keys()])])].sort();
  for (const feature of features.filter((f) => !order.includes(f))) problems.push({ kind: "unplaced", feature });
  for (const [from, edges] of graph) {
    for (const [to, byFile] of edges) {
      if (!order.includes(from) || !order.includes(to) || onCycle.has(`${from}>${to}`)) continue;
      if (order.indexOf(to) < order.indexOf(from)) continue;
      const files = [...byFile.entries()].map(([file, specifiers]) => ({ file, specifiers }));
      problems.push({ kind: "order", from, to, files });
    }
  }
  return problems;
}

function listSourceFiles(root, dir) {
  const absolute = path.join(root, dir);
  if (!fs.existsSync(absolute)) return [];
  const files = [];
  for (const entry of fs.readdirSync(absolute, { withFileTypes: true })) {
    const rel = path.posix.join(dir, entry.name);
    if (entry.isDirectory()) files.push(...listSourceFiles(root, rel));
    else if (SOURCE_FILE.test(entry.name)) files.push(rel);
  }
  return files;
}

/** The tree's source files under src/, each with the imports that point inside the project. */
export function readSourceFiles(root) {
  return listSourceFiles(root, "src").map((file) => ({
    file,
    imports: collectImports(fs.readFileSync(path.join(root, file), "utf8")).flatMap(({ specifier, line }) => {
      const target = resolveSpecifier(file, specifier);
      return target ? [{ specifier, line, target }] : [];
    }),
  }));
}

/** All the problems of a tree: [{ kind: "direction", file, line, specifier, message } | { kind: "cycle" | "order" | "unplaced", ... }]. */
export function checkTree(root, order = SERVER_FEATURE_ORDER) {
  const files = readSourceFiles(root);
  const problems = [];
  for (const { file, imports } of files) {
    for (const { specifier, line, target } of imports) {
      const message = directionProblem(file, target);
      if (message) problems.push({ kind: "direction", file, line, specifier, message });
    }
  }
  const graph = serverFeatureGraph(files);
  const cycles = findCycles(graph);
  for (const cycle of cycles) {
    const edges = cycle.map((from, i) => {
      const to = cycle[(i + 1) % cycle.length];
      return {
        from,
        to,
        files: [...graph.get(from).get(to).entries()].map(([file, specifiers]) => ({ file, specifiers })),
      };
    });
    problems.push({ kind: "cycle", cycle, edges });
  }
  problems.push(...orderProblems(graph, order, cycles));
  return problems;
}

export function formatProblem(problem) {
  if (problem.kind === "direction") {
    return `${problem.file}:${problem.line} imports "${problem.specifier}": ${problem.message}`;
  }
  if (problem.kind === "unplaced") {
    return `the server feature "${problem.feature}" has no place in SERVER_FEATURE_ORDER (scripts/check-imports.mjs, decision 081): add it after the features it uses.`;
  }
  if (problem.kind === "order") {
    const lines = [
      `the server feature "${problem.from}" uses "${problem.to}", which the order places after it (decision 081). Move what both need lower, or reverse the call.`,
    ];
    for (const { file, specifiers } of problem.files) {
      lines.push(`    ${file} imports ${specifiers.map((s) => `"${s}"`).join(", ")}`);
    }
    return lines.join("\n");
  }
  const loop = [...problem.cycle, problem.cycle[0]].join(" → ");
  const lines = [
    `server features import each other in a circle: ${loop}. Break one edge (move what both need, or let one call the other only).`,
  ];
  for (const edge of problem.edges) {
    for (const { file, specifiers } of edge.files) {
      lines.push(`    ${edge.from} → ${edge.to}: ${file} imports ${specifiers.map((s) => `"${s}"`).join(", ")}`);
    }
  }
  return lines.join("\n");
}

function main() {
  const root = path.resolve(import.meta.dirname, "..");
  const problems = checkTree(root);
  if (problems.length === 0) {
    console.log(
      "Import direction: ok (shared → features → app; server features in decision 081's order; plumbing imports no feature).",
    );
    return 0;
  }
  console.error(`Import direction: ${problems.length} problem${problems.length === 1 ? "" : "s"} (decision 080).`);
  for (const problem of problems) console.error(`- ${formatProblem(problem)}`);
  return 1;
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  process.exit(main());
}
