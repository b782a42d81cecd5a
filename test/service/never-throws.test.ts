/**
 * The language service never throws on what a user wrote (issue 22, errors as values): every
 * diagnostic fixture (test/fixtures/diagnostics, test/hostile/fixtures) and a few hundred seeded
 * mutants of the bundled rulesets (fuzz/mutate.ts; a fixed seed, so the same mutants every run) go
 * through diagnostics, symbols, semantic tokens, code actions, and hover, completion, definition and
 * references at several positions (each mutant an edit of its ruleset's document in one service, as
 * an editor sends it). A throw is a bug: the LSP would log "internal error" and publish
 * nothing. Every failure is listed with what reproduces it (file or seed and index, method, offset).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LanguageService } from "../../compiler/service/index.js";
import { memoryHost } from "../../compiler/engine/host.js";
import { mutant } from "../../fuzz/mutate.js";
import { mulberry32 } from "../../compiler/util/random.js";
import { runs, timeout } from "../sweep.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const SEED = 22_4;
/** The mutants' count (test/sweep.ts): the suite's size, then the long sweep's; 200 before issue 41. */
const MUTANTS = runs(100, 2000);
/** Offsets asked per document beyond the fixed ones (start, middle, end, the first definitions' names). */
const POSITIONS = 6;
/** How many definitions' names are asked about per document. */
const NAMES = 4;
/** The mutants run every request on a loaded 2-core machine: minutes, not the default 60 s. */
const SLOW = timeout(600_000);

const bundled = [
  ...readdirSync(join(ROOT, "rulesets"))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => join("rulesets", f)),
  ...readdirSync(join(ROOT, "rulesets", "house"))
    .filter((f) => f.endsWith(".rules"))
    .map((f) => join("rulesets", "house", f)),
].sort();

/** Ruleset texts by id: the bundled ones and the fixtures' parents (`NAME.parent.rules`). */
const byId = new Map<string, { uri: string; text: string }>();
for (const p of bundled) {
  const text = readFileSync(join(ROOT, p), "utf8");
  byId.set(/^ruleset\s+(\S+)/m.exec(text)![1]!, { uri: p, text });
}
const fixtureDirs = [join("test", "fixtures", "diagnostics"), join("test", "hostile", "fixtures")];
const fixtures = fixtureDirs.flatMap((d) =>
  readdirSync(join(ROOT, d))
    .filter((f) => f.endsWith(".rules"))
    .sort()
    .map((f) => join(d, f)),
);
for (const p of fixtures.filter((f) => f.endsWith(".parent.rules"))) {
  const text = readFileSync(join(ROOT, p), "utf8");
  const id = /^ruleset\s+(\S+)/m.exec(text)?.[1];
  if (id !== undefined) byId.set(id, { uri: p, text });
}
// The bundled rulesets where they are, each parent beside its fixture under its id (the rule's place).
const host = memoryHost(
  new Map(
    [...byId].map(([id, r]) => [
      r.uri.startsWith("rulesets") ? r.uri : `file:///${id}.rules`,
      r.text,
    ]),
  ),
  [
    { path: "rulesets", kind: "bundled" },
    { path: "rulesets/house", kind: "house" },
  ],
);

/**
 * Runs every request the editor makes on `text`; returns what threw, with where. In a fresh service
 * with `text` opened at `file:///NAME`, unless `editing` is given: then `text` is an edit of that
 * open document, in a service that has answered for its earlier texts (as an editor's server does).
 */
function exercise(
  name: string,
  text: string,
  seed: number,
  editing?: { service: LanguageService; uri: string },
): string[] {
  const uri = editing?.uri ?? `file:///${name}`;
  const s = editing?.service ?? new LanguageService(host);
  if (editing === undefined) s.open(uri, text);
  else s.update(uri, text);
  const failures: string[] = [];
  const attempt = (what: string, f: () => unknown) => {
    try {
      f();
    } catch (e) {
      failures.push(`${name}: ${what} threw ${e instanceof Error ? (e.stack ?? e.message) : e}`);
    }
  };
  attempt("diagnostics", () => s.diagnostics(uri));
  attempt("symbols", () => s.symbols(uri));
  attempt("semanticTokens", () => s.semanticTokens(uri));
  attempt("codeActions", () => s.codeActions(uri, 0, text.length));
  const r = mulberry32(seed);
  const offsets = new Set([0, text.length, Math.floor(text.length / 2)]);
  const names = [...text.matchAll(/^(?:rule|predicate|constraint|table|enum|input)\s+(\S+)/gm)];
  for (const m of names.slice(0, NAMES)) offsets.add(m.index + m[0].length - 1);
  for (let i = 0; i < POSITIONS; i++) offsets.add(Math.floor(r() * (text.length + 1)));
  for (const at of offsets) {
    attempt(`hover at ${at}`, () => s.hover(uri, at));
    attempt(`complete at ${at}`, () => s.complete(uri, at));
    attempt(`definition at ${at}`, () => s.definition(uri, at));
    attempt(`references at ${at}`, () => s.references(uri, at));
  }
  return failures;
}

describe("the language service never throws", () => {
  it("on the 10^27 example, whose overflow is a located V0105", () => {
    const text = readFileSync(
      join(ROOT, "test", "fixtures", "diagnostics", "V0105-example.rules"),
      "utf8",
    );
    const s = new LanguageService(host);
    s.open("file:///big.rules", text);
    const ds = s.diagnostics("file:///big.rules");
    expect(ds.map((d) => [d.code, d.range.start.line + 1, d.range.start.character + 1])).toEqual([
      ["V0105", 24, 1],
    ]);
  });

  it(
    `on every diagnostic fixture (${fixtures.length})`,
    () => {
      const failures = fixtures.flatMap((f, i) =>
        exercise(f, readFileSync(join(ROOT, f), "utf8"), SEED + i),
      );
      expect(failures).toEqual([]);
    },
    SLOW,
  );

  it(
    `on ${MUTANTS} seeded mutants of the bundled rulesets`,
    async () => {
      const failures: string[] = [];
      const seen = new Set<string>();
      // One service, each bundled ruleset open in it, and each mutant an edit of its ruleset's open
      // document, as an editor sends it: the service's caches (parses, bases, analyses, examples)
      // carry over from one mutant to the next, so a stale cache that throws is caught too. A failure
      // names the mutant; it reproduces after the mutants before it of the same seed.
      const service = new LanguageService(host);
      const uris = new Map(bundled.map((b) => [b, `file:///edited/${b}`]));
      for (const [b, uri] of uris) service.open(uri, byId.get(idOf(b))!.text);
      for (let i = 0; i < MUTANTS; i++) {
        const base = bundled[i % bundled.length]!;
        const m = mutant("rules", byId.get(idOf(base))!.text, SEED, i);
        seen.add(m.text);
        failures.push(
          ...exercise(`${base} seed ${SEED} index ${i} (${m.op})`, m.text, SEED + i, {
            service,
            uri: uris.get(base)!,
          }),
        );
        // Let the worker answer vitest between mutants (a long synchronous loop times its RPC out).
        await new Promise((done) => setImmediate(done));
      }
      expect(failures).toEqual([]);
      // The mutants are real edits, and mostly distinct: a mutator that returned its input would pass.
      expect(seen.size).toBeGreaterThan(MUTANTS * 0.9);
    },
    SLOW,
  );

  it("gets the same mutants from the same seed", () => {
    const text = byId.get("sl-classic")!.text;
    const a = Array.from({ length: 20 }, (_, i) => mutant("rules", text, SEED, i));
    const b = Array.from({ length: 20 }, (_, i) => mutant("rules", text, SEED, i));
    expect(a).toEqual(b);
    expect(a.filter((m) => m.text !== text).length).toBeGreaterThan(15);
  });
});

function idOf(path: string): string {
  for (const [id, v] of byId) if (v.uri === path) return id;
  throw new Error(`no id for ${path}`);
}
