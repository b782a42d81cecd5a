/**
 * The layers of the code base, enforced by rank over every source folder. Imports are read by the
 * TypeScript compiler's own import reader (`ts.preProcessFile`: static, type-only, re-exports, lazy
 * `import()`), and every rule is a pure function of the import graph, so the counter-tests below can
 * show that each rule fails on the violation it is there for. ARCHITECTURE.md states the same rules.
 *
 * Rules:
 *   1. rank: a file imports only files of its own rank or below (RANKS, lowest first);
 *   2. bare imports: runtime/, diagnostics/ and the IR import no package at all; grammar/ only
 *      chevrotain; generated/ only runtime/;
 *   3. no cycles between rooms (a folder of compiler/, studio/ or the top), and none between the
 *      files inside one room;
 *   4. the rooms that run in a browser (the studio page, and everything it or the language service
 *      imports, and the engine and everything below it) touch no Node API, ts-morph, prettier or
 *      playwright, neither by import nor through Node's globals (`Buffer`, `process`, `require`,
 *      `__dirname`, `__filename`, `global`, read bare or off `globalThis`); and outside the surfaces and
 *      the tools nothing does, but the emitter's ts-morph and prettier (only the CLI, the studio's
 *      server and the tools touch files, processes or a browser);
 *   5. only the CLI's `studio` command (and the bench) import the studio, and only its server.
 */
import ts from "typescript";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

/** Layers, lowest first: a path prefix belongs to the first layer whose prefixes it starts with. */
const RANKS: readonly { layer: string; prefixes: readonly string[] }[] = [
  { layer: "runtime", prefixes: ["runtime/"] },
  { layer: "diagnostics", prefixes: ["diagnostics/"] },
  { layer: "grammar", prefixes: ["grammar/"] },
  { layer: "IR and helpers", prefixes: ["compiler/ir/", "compiler/util/"] },
  // The evaluator sits below the front end: `check` folds constants and searches for conflicting
  // exceptions by evaluating IR expressions (compiler/front/check/expr.ts `rulesEvaluator`, handed to
  // compiler/ir/fold.ts; conflicts.ts).
  { layer: "evaluator", prefixes: ["compiler/interpret/"] },
  { layer: "front-end passes", prefixes: ["compiler/front/"] },
  {
    layer: "inputs and rendering",
    prefixes: ["compiler/scenario/", "compiler/map/", "compiler/render/"],
  },
  {
    layer: "analyses and backends",
    prefixes: [
      "compiler/reach/",
      "compiler/emit/",
      "compiler/diff/",
      "compiler/cards/",
      "compiler/coverage/",
    ],
  },
  { layer: "engine", prefixes: ["compiler/engine/"] },
  { layer: "language service", prefixes: ["compiler/service/"] },
  // Node-side file access shared by the surfaces that run under Node (the CLI, the studio's server).
  { layer: "file access", prefixes: ["compiler/node/"] },
  // The package's library entries: `variorum` (the engine, browser-safe) and `variorum/node` (a host
  // over the disk, the emitter).
  { layer: "library", prefixes: ["compiler/library/"] },
  { layer: "surfaces", prefixes: ["compiler/cli/", "studio/", "editors/"] },
  { layer: "tools", prefixes: ["bench/", "fuzz/", "scripts/", "generated/"] },
];

/** Where bare (package) imports are allowed, by path prefix; a prefix not listed may import any. */
const PACKAGES: readonly { prefix: string; allowed: readonly string[] }[] = [
  { prefix: "runtime/", allowed: [] },
  { prefix: "diagnostics/", allowed: [] },
  { prefix: "grammar/", allowed: ["chevrotain"] },
  { prefix: "generated/", allowed: [] },
  { prefix: "compiler/ir/", allowed: [] },
  { prefix: "compiler/util/", allowed: [] },
];

/** Packages no browser room may reach. */
const NODE_ONLY = /^(node:|fs$|path$|os$|child_process$|ts-morph$|prettier|playwright|sirv$|vite$)/;

type Graph = ReadonlyMap<string, readonly string[]>;

function rankOf(file: string): number {
  return RANKS.findIndex((r) => r.prefixes.some((p) => file.startsWith(p)));
}

/** The room of a file: a folder (`compiler/front`, `studio/page`), or a loose file at compiler/'s top. */
function roomOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "compiler") return parts.length > 2 ? `compiler/${parts[1]}` : file;
  if (parts[0] === "studio" && parts.length > 2) return `studio/${parts[1]}`;
  return parts[0]!;
}

const isPackage = (i: string): boolean => i.startsWith("pkg:");

/** Rule 1: every import points to the same rank or below; every source file has a rank. */
function rankViolations(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [f, is] of graph) {
    const r = rankOf(f);
    if (r < 0) {
      bad.push(`${f} has no layer in RANKS`);
      continue;
    }
    for (const i of is) {
      if (isPackage(i)) continue;
      const t = rankOf(i);
      if (t > r) bad.push(`${f} (${RANKS[r]!.layer}) → ${i} (${RANKS[t]!.layer})`);
    }
  }
  return bad;
}

/** Rule 2: bare imports where the layer allows none (or only some). */
function packageViolations(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [f, is] of graph) {
    const rule = PACKAGES.find((p) => f.startsWith(p.prefix));
    for (const i of is) {
      if (
        f.startsWith("generated/") &&
        !isPackage(i) &&
        !i.startsWith("runtime/") &&
        !i.startsWith("generated/")
      )
        bad.push(`${f} → ${i}`);
      if (!isPackage(i) || !rule) continue;
      if (!rule.allowed.includes(i.slice(4))) bad.push(`${f} → ${i.slice(4)}`);
    }
  }
  return bad;
}

/** Cycles of a directed graph, each written as the imports that make its steps. */
function cyclesOf(edges: Map<string, Map<string, string>>): string[] {
  const cycles: string[] = [];
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const visit = (n: string): void => {
    state.set(n, "open");
    stack.push(n);
    for (const m of edges.get(n)?.keys() ?? []) {
      if (state.get(m) === "open") {
        const loop = [...stack.slice(stack.indexOf(m)), m];
        cycles.push(
          loop
            .slice(1)
            .map((x, k) => edges.get(loop[k]!)!.get(x)!)
            .join("; "),
        );
      } else if (!state.has(m)) visit(m);
    }
    stack.pop();
    state.set(n, "done");
  };
  for (const n of [...edges.keys()].sort()) if (!state.has(n)) visit(n);
  return cycles;
}

/** Rule 3: no cycles between rooms, and none between the files of one folder. */
function cycleViolations(graph: Graph): string[] {
  const rooms = new Map<string, Map<string, string>>();
  const inFolder = new Map<string, Map<string, string>>();
  for (const [f, is] of graph) {
    for (const i of is) {
      if (isPackage(i)) continue;
      const a = roomOf(f);
      const b = roomOf(i);
      const [edges, from, to] = a === b ? [inFolder, f, i] : [rooms, a, b];
      if (from === to) continue;
      if (!edges.has(from)) edges.set(from, new Map());
      if (!edges.get(from)!.has(to)) edges.get(from)!.set(to, `${f} → ${i}`);
    }
  }
  return [...cyclesOf(rooms), ...cyclesOf(inFolder)];
}

/** The files a set of roots reaches through local imports, roots included. */
function closure(graph: Graph, roots: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const todo = [...roots];
  while (todo.length > 0) {
    const f = todo.pop()!;
    if (seen.has(f) || isPackage(f)) continue;
    seen.add(f);
    todo.push(...(graph.get(f) ?? []));
  }
  return seen;
}

/**
 * The roots of the code that runs in a browser: the studio page, the language service and the
 * library's main entry (`import … from "variorum"`, bundled for browsers; Node's parts are
 * compiler/library/node.ts, `variorum/node`).
 */
function browserRoots(graph: Graph): string[] {
  return [...graph.keys()].filter(
    (f) =>
      f.startsWith("studio/page/") ||
      f.startsWith("compiler/service/") ||
      f === "compiler/library/index.ts",
  );
}

/** Rule 4: nothing reached from a browser root imports a Node-only package. */
function browserViolations(graph: Graph): string[] {
  const bad: string[] = [];
  for (const f of closure(graph, browserRoots(graph)))
    for (const i of graph.get(f) ?? [])
      if (isPackage(i) && NODE_ONLY.test(i.slice(4))) bad.push(`${f} → ${i.slice(4)}`);
  return bad;
}

/** Node's globals, which a browser does not have. */
const NODE_GLOBALS = new Set(["Buffer", "process", "require", "__dirname", "__filename", "global"]);

/**
 * Known uses of a Node global in browser code, each with its reason; remove the entry with the use.
 * grammar/parser.ts and grammar/tokens.ts read `globalThis.process?.env.VITEST` (guarded, so harmless in
 * a browser) to validate the grammar under test; the one-parser work of issue 41 removes both.
 */
const KNOWN_GLOBALS: readonly string[] = [
  "grammar/parser.ts: globalThis.process",
  "grammar/tokens.ts: globalThis.process",
];

/** `e` without parentheses and `as`/`satisfies`/`!` casts around it. */
function bare(e: ts.Expression): ts.Expression {
  while (
    ts.isParenthesizedExpression(e) ||
    ts.isAsExpression(e) ||
    ts.isSatisfiesExpression(e) ||
    ts.isNonNullExpression(e) ||
    ts.isTypeAssertionExpression(e)
  )
    e = e.expression;
  return e;
}

/**
 * The Node globals a file's text uses: a free identifier (`Buffer.from`, `process.env`, `: Buffer`),
 * or a property of `globalThis` (`(globalThis as …).process`); names the file declares itself (a
 * parameter called `process`) are its own. Each as `FILE: NAME` or `FILE: globalThis.NAME`.
 */
function nodeGlobalsIn(file: string, text: string): string[] {
  const sf = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const declared = new Set<string>();
  const used = new Set<string>();
  const visit = (n: ts.Node): void => {
    if (
      (ts.isVariableDeclaration(n) ||
        ts.isParameter(n) ||
        ts.isFunctionDeclaration(n) ||
        ts.isClassDeclaration(n) ||
        ts.isImportSpecifier(n) ||
        ts.isNamespaceImport(n) ||
        ts.isImportClause(n)) &&
      n.name &&
      ts.isIdentifier(n.name)
    )
      declared.add(n.name.text);
    if (ts.isPropertyAccessExpression(n) && NODE_GLOBALS.has(n.name.text)) {
      const on = bare(n.expression);
      if (ts.isIdentifier(on) && on.text === "globalThis") used.add(`globalThis.${n.name.text}`);
    }
    if (ts.isIdentifier(n) && NODE_GLOBALS.has(n.text)) {
      const p = n.parent;
      const isName =
        (ts.isPropertyAccessExpression(p) && p.name === n) ||
        (ts.isPropertyAssignment(p) && p.name === n) ||
        (ts.isPropertySignature(p) && p.name === n) ||
        (ts.isPropertyDeclaration(p) && p.name === n) ||
        (ts.isMethodDeclaration(p) && p.name === n) ||
        (ts.isQualifiedName(p) && p.right === n) ||
        (ts.isBindingElement(p) && p.propertyName === n) ||
        ts.isShorthandPropertyAssignment(p);
      if (!isName) used.add(n.text);
    }
    ts.forEachChild(n, visit);
  };
  visit(sf);
  return [...used].filter((u) => !declared.has(u)).map((u) => `${file}: ${u}`);
}

/** The files that run in a browser: what the studio page and the service reach, the engine and below. */
function browserFiles(graph: Graph): string[] {
  const engine = RANKS.findIndex((r) => r.layer === "engine");
  const below = [...graph.keys()].filter((f) => {
    const r = rankOf(f);
    return r >= 0 && r <= engine && !f.startsWith("compiler/emit/") && !f.startsWith("generated/");
  });
  return [...new Set([...closure(graph, browserRoots(graph)), ...below])].sort();
}

/** Each file's Node globals as read from disk, read once. */
const onDisk = new Map<string, string[]>();

/** Rule 4, globals: Node's globals used in browser code (`texts`: a file's text, read from disk unless given). */
function globalViolations(graph: Graph, texts: ReadonlyMap<string, string> = new Map()): string[] {
  return browserFiles(graph)
    .flatMap((f) => {
      const given = texts.get(f);
      if (given !== undefined) return nodeGlobalsIn(f, given);
      if (!onDisk.has(f)) onDisk.set(f, nodeGlobalsIn(f, readFileSync(join(root, f), "utf8")));
      return onDisk.get(f)!;
    })
    .filter((v) => !KNOWN_GLOBALS.includes(v));
}

/** Where Node-only packages may be imported: the surfaces but the studio page, the tools, the emitter. */
function mayUseNode(file: string, pkg: string): boolean {
  if (file.startsWith("compiler/emit/")) return pkg === "ts-morph" || pkg.startsWith("prettier");
  return (
    file.startsWith("compiler/cli/") ||
    file.startsWith("compiler/node/") ||
    file.startsWith("compiler/library/") ||
    (file.startsWith("studio/") && !file.startsWith("studio/page/")) ||
    ["editors/", "bench/", "fuzz/", "scripts/"].some((p) => file.startsWith(p))
  );
}

/** Rule 4, second half: Node-only packages only where mayUseNode allows them. */
function nodeViolations(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [f, is] of graph)
    for (const i of is)
      if (isPackage(i) && NODE_ONLY.test(i.slice(4)) && !mayUseNode(f, i.slice(4)))
        bad.push(`${f} → ${i.slice(4)}`);
  return bad;
}

/** Rule 5: the studio is imported only by the CLI's studio command and the bench, server alone. */
function studioViolations(graph: Graph): string[] {
  const bad: string[] = [];
  for (const [f, is] of graph) {
    if (f.startsWith("studio/")) continue;
    for (const i of is)
      if (
        i.startsWith("studio/") &&
        !(i === "studio/server.ts" && (f === "compiler/cli/studio.ts" || f.startsWith("bench/")))
      )
        bad.push(`${f} → ${i}`);
  }
  return bad;
}

// --- reading the real code base -------------------------------------------------------------------

const FOLDERS = [
  "runtime",
  "diagnostics",
  "grammar",
  "compiler",
  "studio",
  "editors/vscode/src",
  "bench",
  "fuzz",
  "scripts",
  "generated",
];

function sourceFiles(dir: string): string[] {
  if (!existsSync(join(root, dir))) return [];
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = `${dir}/${e.name}`;
    if (e.isDirectory()) return e.name === "node_modules" || e.name === "out" ? [] : sourceFiles(p);
    return /\.(m?ts|m?js)$/.test(e.name) && !e.name.endsWith(".d.ts") ? [p] : [];
  });
}

/** A specifier resolved to a repository path (`compiler/ir/ir.ts`), or `pkg:NAME` for a package. */
function target(file: string, spec: string): string {
  if (!spec.startsWith(".")) {
    const parts = spec.split("/");
    return `pkg:${spec.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]}`;
  }
  const base = relative(root, resolve(root, dirname(file), spec));
  for (const c of [base, base.replace(/\.js$/, ".ts"), base.replace(/\.mjs$/, ".mts")])
    if (existsSync(join(root, c)) && !c.endsWith("/")) return c;
  if (existsSync(join(root, base, "index.ts"))) return `${base}/index.ts`;
  return base.replace(/\.js$/, ".ts");
}

function readGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of FOLDERS.flatMap(sourceFiles)) {
    const info = ts.preProcessFile(readFileSync(join(root, f), "utf8"), true, true);
    graph.set(
      f,
      info.importedFiles.map((i) => target(f, i.fileName)),
    );
  }
  return graph;
}

const graph = readGraph();

/** The real graph with some imports added, for the counter-tests. */
function withImports(extra: Record<string, string[]>): Graph {
  const g = new Map(graph);
  for (const [f, is] of Object.entries(extra)) g.set(f, [...(g.get(f) ?? []), ...is]);
  return g;
}

describe("layers", () => {
  it("reads the whole code base, lazy and type-only imports included", () => {
    expect(graph.size).toBeGreaterThan(150);
    expect(graph.get("compiler/engine/front.ts")).toContain("compiler/front/check/index.ts");
    for (const f of ["studio/page/main.ts", "studio/server.ts", "bench/bench.ts", "fuzz/run.ts"])
      expect(graph.has(f), f).toBe(true);
    // The CLI loads its commands lazily: `await import("./eval.js")` must count.
    expect(
      [...graph.entries()].some(
        ([f, is]) => f.startsWith("compiler/cli/") && is.includes("compiler/cli/eval.ts"),
      ),
    ).toBe(true);
  });

  it("1. every import points to the same rank or below", () => {
    expect(rankViolations(graph)).toEqual([]);
  });
  it("2. runtime/, diagnostics/ and the IR import no package; grammar/ only chevrotain", () => {
    expect(packageViolations(graph)).toEqual([]);
  });
  it("3. no cycles between rooms, nor between the files of one folder", () => {
    expect(cycleViolations(graph)).toEqual([]);
  });
  it("4. the code that runs in a browser touches no Node API, ts-morph, prettier or playwright", () => {
    const reached = closure(graph, browserRoots(graph));
    for (const f of [
      "compiler/service/index.ts",
      "compiler/diff/report.ts",
      "compiler/cards/build.ts",
      "compiler/reach/build.ts",
      "runtime/reach-map.ts",
    ])
      expect(reached.has(f), f).toBe(true);
    expect(browserViolations(graph)).toEqual([]);
    expect(nodeViolations(graph)).toEqual([]);
  });
  it("4. the code that runs in a browser, the engine and below use no Node global", () => {
    const files = browserFiles(graph);
    for (const f of [
      "compiler/render/markdown.ts",
      "compiler/engine/front.ts",
      "studio/page/main.ts",
    ])
      expect(files, f).toContain(f);
    expect(files).not.toContain("compiler/emit/module.ts");
    expect(globalViolations(graph)).toEqual([]);
  });
  it("5. only the CLI's studio command imports the studio, and only its server", () => {
    expect(studioViolations(graph)).toEqual([]);
  });
});

describe("each rule fails on its counter-example", () => {
  it("rank: the front end importing a backend, the runtime importing the IR", () => {
    expect(
      rankViolations(withImports({ "compiler/front/resolve.ts": ["compiler/reach/build.ts"] })),
    ).toEqual([
      "compiler/front/resolve.ts (front-end passes) → compiler/reach/build.ts (analyses and backends)",
    ]);
    expect(rankViolations(withImports({ "runtime/dice.ts": ["compiler/ir/ir.ts"] }))).toHaveLength(
      1,
    );
    expect(rankViolations(withImports({ "compiler/new-pass.ts": [] }))).toEqual([
      "compiler/new-pass.ts has no layer in RANKS",
    ]);
  });
  it("packages: chevrotain in runtime/, anything in diagnostics/, ts-morph in grammar/", () => {
    expect(packageViolations(withImports({ "runtime/dice.ts": ["pkg:chevrotain"] }))).toEqual([
      "runtime/dice.ts → chevrotain",
    ]);
    expect(packageViolations(withImports({ "grammar/tokens.ts": ["pkg:ts-morph"] }))).toHaveLength(
      1,
    );
    expect(
      packageViolations(withImports({ "generated/sl-classic.ts": ["compiler/ir/ir.ts"] })),
    ).toEqual(["generated/sl-classic.ts → compiler/ir/ir.ts"]);
  });
  it("cycles: between two rooms, and between two files of one folder", () => {
    expect(
      cycleViolations(
        withImports({ "compiler/interpret/eval.ts": ["compiler/front/check/index.ts"] }),
      ),
    ).not.toEqual([]);
    const [a, b] = [...graph.keys()].filter((f) => f.startsWith("compiler/front/check/"));
    const inFolder = cycleViolations(withImports({ [a!]: [b!], [b!]: [a!] }));
    expect(inFolder.some((c) => c.includes(a!) && c.includes(b!))).toBe(true);
  });
  it("browser: the interpreter or the studio page reaching node:fs", () => {
    expect(
      browserViolations(withImports({ "compiler/interpret/eval.ts": ["pkg:node:fs"] })),
    ).toEqual(["compiler/interpret/eval.ts → node:fs"]);
    expect(
      browserViolations(withImports({ "studio/page/main.ts": ["compiler/node/write.ts"] })),
    ).not.toEqual([]);
    expect(nodeViolations(withImports({ "compiler/diff/html.ts": ["pkg:node:fs"] }))).toEqual([
      "compiler/diff/html.ts → node:fs",
    ]);
    expect(nodeViolations(withImports({ "compiler/emit/module.ts": ["pkg:node:fs"] }))).toEqual([
      "compiler/emit/module.ts → node:fs",
    ]);
  });
  it("browser globals: Buffer in the Markdown renderer, process in the engine, require in the page", () => {
    const read = (f: string): string => readFileSync(join(root, f), "utf8");
    const md = "compiler/render/markdown.ts";
    expect(
      globalViolations(graph, new Map([[md, `${read(md)}\nexport const b = Buffer.from("x");\n`]])),
    ).toEqual([`${md}: Buffer`]);
    const front = "compiler/engine/front.ts";
    expect(
      globalViolations(
        graph,
        new Map([[front, `${read(front)}\nexport const debug = process.env.DEBUG;\n`]]),
      ),
    ).toEqual([`${front}: process`]);
    const main = "studio/page/main.ts";
    expect(
      globalViolations(
        graph,
        new Map([[main, `${read(main)}\nconst fs = require("node:fs");\nvoid fs;\n`]]),
      ),
    ).toEqual([`${main}: require`]);
    // Off globalThis, cast or not; and a type written with Buffer.
    expect(
      nodeGlobalsIn("x.ts", "const e = (globalThis as any).process;\nlet b: Buffer;\n"),
    ).toEqual(["x.ts: globalThis.process", "x.ts: Buffer"]);
    expect(nodeGlobalsIn("x.ts", "const d = __dirname + global.x;\n")).toEqual([
      "x.ts: __dirname",
      "x.ts: global",
    ]);
    // Not a use: a property of that name, or a name the file declares itself.
    expect(
      nodeGlobalsIn(
        "x.ts",
        "const o = { process: 1 };\nfunction f(process: number) { return o.process + process; }\n",
      ),
    ).toEqual([]);
  });
  it("studio: the compiler importing the studio page", () => {
    expect(
      studioViolations(withImports({ "compiler/diff/report.ts": ["studio/page/engine.ts"] })),
    ).toEqual(["compiler/diff/report.ts → studio/page/engine.ts"]);
  });
});
