// The import checker's rules on small made-up trees: `node --test scripts/check-imports.test.mjs`
// (npm test runs it in the step "tests of npm test's scripts", beside the checker itself and failures.test.mjs).
import assert from "node:assert/strict";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { test } from "node:test";
import {
  checkTree,
  collectImports,
  directionProblem,
  findCycles,
  formatProblem,
  isServerPlumbing,
  orderProblems,
  readSourceFiles,
  resolveSpecifier,
  SERVER_FEATURE_ORDER,
  serverFeatureGraph,
} from "./check-imports.mjs";

test("reads static, re-exported, side-effect and lazy imports, but not commented ones", () => {
  const source = [
    'import { a, type B } from "@/web/lib/api";',
    "import {",
    "  c,",
    '} from "../other";',
    'export * from "./again";',
    'import "./styles.css";',
    '// import { d } from "@/web/features/leads/api";',
    '/* import { e } from "@/web/features/quotes/api"; */',
    'const Page = lazy(() => import("@/web/features/leads/lead-detail-page"));',
    'const text = "it\'s"; // an apostrophe in a string must not hide what follows',
    'import { f } from "react";',
  ].join("\n");
  assert.deepEqual(
    collectImports(source).map((i) => [i.line, i.specifier]),
    [
      [1, "@/web/lib/api"],
      [4, "../other"],
      [5, "./again"],
      [6, "./styles.css"],
      [9, "@/web/features/leads/lead-detail-page"],
      [11, "react"],
    ],
  );
});

test("resolves @/ as src/ and relative paths from the importing file; packages resolve to nothing", () => {
  assert.equal(resolveSpecifier("src/web/features/quotes/api.ts", "@/web/lib/api"), "src/web/lib/api");
  assert.equal(resolveSpecifier("src/web/features/quotes/api.ts", "../leads/api"), "src/web/features/leads/api");
  assert.equal(
    resolveSpecifier("src/server/features/leads/service.ts", "./queries"),
    "src/server/features/leads/queries",
  );
  assert.equal(resolveSpecifier("src/web/app/app.tsx", "react"), null);
});

test("allows shared → features → app, and nothing against it", () => {
  const allowed = [
    ["src/web/features/quotes/api.ts", "src/web/features/quotes/quote-form"],
    ["src/web/features/quotes/api.ts", "src/web/lib/api"],
    ["src/web/features/quotes/api.ts", "src/shared/quotes"],
    ["src/web/app/app.tsx", "src/web/features/leads/lead-detail-page"],
    ["src/web/components/ui/card.tsx", "src/web/lib/cn"],
    ["src/server/features/quotes/service.ts", "src/server/features/leads/access"],
  ];
  for (const [from, to] of allowed) assert.equal(directionProblem(from, to), null, `${from} → ${to}`);
  const refused = [
    ["src/web/features/quotes/api.ts", "src/web/features/leads/api", /feature "quotes" imports the feature "leads"/],
    ["src/web/features/leads/page.tsx", "src/web/app/section-page", /imports src\/web\/app/],
    ["src/web/lib/auth.ts", "src/web/features/auth/api", /src\/web\/lib imports the feature "auth"/],
    ["src/web/components/x.tsx", "src/web/app/app", /src\/web\/components imports src\/web\/app/],
    ["src/shared/paths.ts", "src/web/lib/api", /src\/shared imports src\/web/],
    ["src/shared/paths.ts", "src/server/config", /src\/shared imports src\/server/],
    ["src/web/lib/api.ts", "src/server/errors", /browser's code imports the server's/],
  ];
  for (const [from, to, message] of refused) assert.match(directionProblem(from, to) ?? "", message);
});

test("keeps the server's plumbing (http/, live/, db/, the job queue) free of features; its tests may use them", () => {
  const refused = [
    ["src/server/http/session.ts", "src/server/features/auth/service"],
    ["src/server/live/routes.ts", "src/server/features/auth/service"],
    ["src/server/db/schema/leads.ts", "src/server/features/leads/queries"],
    ["src/server/jobs/queue.ts", "src/server/features/notifications/mail"],
  ];
  for (const [from, to] of refused) {
    assert.match(directionProblem(from, to) ?? "", /plumbing imports the feature "\w+"[\s\S]*through the deps/, from);
  }
  const allowed = [
    ["src/server/http/session.ts", "src/server/db/client"],
    ["src/server/live/routes.ts", "src/server/http/session"],
    ["src/server/http/authorization-matrix.test.ts", "src/server/features/auth/sessions"],
    ["src/server/jobs/workers.ts", "src/server/features/matching/service"],
    ["src/server/deps.ts", "src/server/features/billing/service"],
    ["src/server/app.ts", "src/server/features/auth/routes"],
  ];
  for (const [from, to] of allowed) assert.equal(directionProblem(from, to), null, `${from} → ${to}`);
});

test("finds every cycle of the server's features once, with the files that make each edge", () => {
  const files = [
    {
      file: "src/server/features/a/service.ts",
      imports: [{ specifier: "../b/queries", target: "src/server/features/b/queries" }],
    },
    {
      file: "src/server/features/b/service.ts",
      imports: [{ specifier: "../a/service", target: "src/server/features/a/service" }],
    },
    { file: "src/server/features/b/queries.ts", imports: [{ specifier: "../c/x", target: "src/server/features/c/x" }] },
    {
      file: "src/server/features/c/x.ts",
      imports: [{ specifier: "../a/service", target: "src/server/features/a/service" }],
    },
    {
      file: "src/server/features/d/y.ts",
      imports: [{ specifier: "../a/service", target: "src/server/features/a/service" }],
    },
    // A test may use any feature: it does not make an edge.
    { file: "src/server/features/a/a.test.ts", imports: [{ specifier: "../d/y", target: "src/server/features/d/y" }] },
  ];
  const graph = serverFeatureGraph(files);
  assert.deepEqual(findCycles(graph), [
    ["a", "b"],
    ["a", "b", "c"],
  ]);
  assert.deepEqual([...graph.get("b").get("a").keys()], ["src/server/features/b/service.ts"]);
  assert.equal(graph.has("a") && graph.get("a").has("d"), false);
  assert.deepEqual(findCycles(new Map([["a", new Map([["b", null]])]])), []);
});

test("holds the server's features to one order: no use of a feature placed later, none left unplaced", () => {
  const edge = (file, specifiers) => new Map([[file, specifiers]]);
  const graph = new Map([
    ["b", new Map([["a", edge("src/server/features/b/x.ts", ["../a/y"])]])],
    ["a", new Map([["c", edge("src/server/features/a/y.ts", ["../c/z"])]])],
    ["d", new Map([["a", edge("src/server/features/d/w.ts", ["../a/y"])]])],
  ]);
  const problems = orderProblems(graph, ["a", "b", "c"]);
  assert.deepEqual(
    problems.map((p) => (p.kind === "unplaced" ? `unplaced ${p.feature}` : `${p.from} -> ${p.to}`)),
    ["unplaced d", "a -> c"],
  );
  assert.match(
    formatProblem(problems[1]),
    /"a" uses "c", which the order places after it[\s\S]*a\/y.ts imports "..\/c\/z"/,
  );
  // An edge on a cycle is reported with the cycle, not twice.
  assert.deepEqual(orderProblems(graph, ["a", "b", "c", "d"], [["a", "c"]]), []);
});

test("finds no feature imported by the real tree's plumbing", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const plumbing = readSourceFiles(root).filter(({ file }) => isServerPlumbing(file));
  assert.ok(plumbing.some(({ file }) => file === "src/server/http/session.ts"));
  assert.ok(plumbing.some(({ file }) => file === "src/server/jobs/queue.ts"));
  const features = plumbing.flatMap(({ file, imports }) =>
    imports
      .filter(({ target }) => target.startsWith("src/server/features/"))
      .map(({ specifier }) => `${file}: ${specifier}`),
  );
  assert.deepEqual(features, []);
});

test("reads the real tree's server imports: leads uses companies, files, notifications and quote-requests, all in order", () => {
  const root = path.resolve(import.meta.dirname, "..");
  const graph = serverFeatureGraph(readSourceFiles(root));
  assert.deepEqual([...graph.get("leads").keys()].sort(), ["companies", "files", "notifications", "quote-requests"]);
  const features = fs.readdirSync(path.join(root, "src/server/features"), { withFileTypes: true });
  for (const dir of features.filter((d) => d.isDirectory()))
    assert.ok(SERVER_FEATURE_ORDER.includes(dir.name), dir.name);
  assert.deepEqual(orderProblems(graph, SERVER_FEATURE_ORDER, findCycles(graph)), []);
});

test("checks a whole tree and says, per import, what is wrong and where", () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "check-imports-"));
  const write = (file, text) => {
    fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    fs.writeFileSync(path.join(root, file), text);
  };
  try {
    write("src/web/features/quotes/api.ts", 'import { leadKeys } from "@/web/features/leads/api";\n');
    write("src/web/features/leads/api.ts", 'import { getJson } from "@/web/lib/api";\n');
    write("src/web/lib/api.ts", "export const getJson = 1;\n");
    write("src/server/features/leads/service.ts", 'import { toDetail } from "../quote-requests/service";\n');
    write("src/server/features/quote-requests/service.ts", 'import { requireAccess } from "../leads/access";\n');
    const problems = checkTree(root);
    assert.deepEqual(
      problems.map((p) => p.kind),
      ["direction", "cycle"],
    );
    assert.equal(
      formatProblem(problems[0]).split(": ")[0],
      'src/web/features/quotes/api.ts:1 imports "@/web/features/leads/api"',
    );
    const cycle = formatProblem(problems[1]);
    assert.match(cycle, /leads → quote-requests → leads/);
    assert.match(
      cycle,
      /leads → quote-requests: src\/server\/features\/leads\/service.ts imports "..\/quote-requests\/service"/,
    );
    assert.match(
      cycle,
      /quote-requests → leads: src\/server\/features\/quote-requests\/service.ts imports "..\/leads\/access"/,
    );
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
