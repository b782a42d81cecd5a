/**
 * The layers of the code base, as its imports show them (type imports included):
 *   - runtime/ imports only runtime/ (generated modules ship with it alone);
 *   - diagnostics/ (the one table of codes, spans, source files) imports nothing;
 *   - grammar/ imports only grammar/, diagnostics/ and the dependency-free runtime/ (exact decimals);
 *   - no cycles between folders: each compiler/ subfolder, each file at compiler/'s top, grammar/
 *     and runtime/ is one node, and the graph of their imports is acyclic;
 *   - the studio is a room of its own: only the CLI's `studio` command imports it (its server), and
 *     the page (studio/page/), with everything it imports, touches no Node API, ts-morph or prettier.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { describe, expect, it } from "vitest";

const root = join(import.meta.dirname, "..", "..");

function tsFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith(".ts") ? [p] : [];
  });
}

/** Relative import/export specifiers of a file, resolved to repository paths (`compiler/ir.ts`). */
function localImports(file: string): string[] {
  const text = readFileSync(join(root, file), "utf8");
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s[^;]*?from\s+['"](\.[^'"]+)['"]/gm)) {
    out.push(relative(root, resolve(root, dirname(file), m[1]!.replace(/\.js$/, ".ts"))));
  }
  // Lazy `await import('./x.js')` counts too (the CLI loads its commands so).
  for (const m of text.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g))
    out.push(relative(root, resolve(root, dirname(file), m[1]!.replace(/\.js$/, ".ts"))));
  for (const m of text.matchAll(/^\s*import\s+['"](\.[^'"]+)['"]/gm))
    out.push(relative(root, resolve(root, dirname(file), m[1]!.replace(/\.js$/, ".ts"))));
  return out;
}

/** The layer node of a file: `compiler/<folder>`, a top-level compiler file, `grammar` or `runtime`. */
function nodeOf(file: string): string {
  const parts = file.split("/");
  if (parts[0] === "compiler") return parts.length > 2 ? `compiler/${parts[1]}` : file;
  return parts[0]!;
}

const files = ["diagnostics", "grammar", "compiler", "runtime"].flatMap(tsFiles);
const imports = new Map(files.map((f) => [f, localImports(f)]));

describe("layers", () => {
  it("sees the code base (so the checks below can fail)", () => {
    expect(files.length).toBeGreaterThan(50);
    expect(imports.get("compiler/pipeline.ts")).toContain("compiler/check/index.ts");
  });

  it("runtime/ imports only runtime/", () => {
    const bad = files
      .filter((f) => f.startsWith("runtime/"))
      .flatMap((f) =>
        imports
          .get(f)!
          .filter((i) => !i.startsWith("runtime/"))
          .map((i) => `${f} → ${i}`),
      );
    expect(bad).toEqual([]);
  });

  it("grammar/ imports only grammar/, diagnostics/ and runtime/; diagnostics/ imports nothing", () => {
    const bad = files
      .filter((f) => f.startsWith("grammar/"))
      .flatMap((f) =>
        imports
          .get(f)!
          .filter(
            (i) =>
              !i.startsWith("grammar/") &&
              !i.startsWith("diagnostics/") &&
              !i.startsWith("runtime/"),
          )
          .map((i) => `${f} → ${i}`),
      );
    expect(bad).toEqual([]);
    expect(
      files
        .filter((f) => f.startsWith("diagnostics/"))
        .flatMap((f) => imports.get(f)!.map((i) => `${f} → ${i}`)),
    ).toEqual([]);
  });

  it("no cycles between folders", () => {
    const edges = new Map<string, Map<string, string>>();
    for (const [f, is] of imports) {
      for (const i of is) {
        const a = nodeOf(f);
        const b = nodeOf(i);
        if (a === b) continue;
        if (!edges.has(a)) edges.set(a, new Map());
        if (!edges.get(a)!.has(b)) edges.get(a)!.set(b, `${f} → ${i}`);
      }
    }
    // Depth-first search; a back edge closes a cycle, reported with the import that makes each step.
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
    for (const n of edges.keys()) if (!state.has(n)) visit(n);
    expect(cycles).toEqual([]);
  });

  it("only compiler/cli/studio.ts imports the studio, and only its server", () => {
    const bad = [...imports].flatMap(([f, is]) =>
      is.filter((i) => i.startsWith("studio/")).map((i) => `${f} → ${i}`),
    );
    expect(bad).toEqual(["compiler/cli/studio.ts → studio/server.ts"]);
  });

  it("the studio page and all it imports touch no Node API, ts-morph or prettier", () => {
    const seen = new Set<string>();
    const todo = tsFiles("studio/page");
    while (todo.length > 0) {
      const f = todo.pop()!;
      if (seen.has(f)) continue;
      seen.add(f);
      todo.push(...localImports(f));
    }
    expect(
      seen.has("compiler/service/index.ts") &&
        seen.has("compiler/diff/report.ts") &&
        seen.has("runtime/reach-map.ts"),
    ).toBe(true);
    const bad: string[] = [];
    for (const f of seen) {
      const text = readFileSync(join(root, f), "utf8");
      for (const m of text.matchAll(
        /(?:from|import)\s*\(?\s*['"]((?:node:[^'"]+)|ts-morph|prettier[^'"]*|fs|path|child_process|os)['"]/g,
      ))
        bad.push(`${f} → ${m[1]}`);
      if (
        /\bprocess\.(?:env|cwd|argv|exit)/.test(
          text.replace(/globalThis as[^;]*process[^;]*;/g, ""),
        )
      )
        bad.push(`${f} uses process`);
    }
    expect(bad).toEqual([]);
  });
});
