/**
 * Data-driven diagnostics tests. Every `test/fixtures/diagnostics/*.rules` file (other than
 * `*.parent.rules`) states what it expects in comment lines:
 *
 *   # expect: 12:7 error V0401          a diagnostic at line 12, column 7 of the fixture
 *   # expect: 12:7 error V0401 MESSAGE  ... whose message is exactly MESSAGE (rust-analyzer style)
 *   # expect: parent:4:11 error V0206   ... in the fixture's parent (`NAME.parent.rules`)
 *   # expect: - error V0212             ... with no span
 *   # expect: nothing                   no diagnostic at all
 *   # run: test                         also run the examples, as `variorum test` does (V08xx)
 *
 * The fixture is compiled with `compileText`; a `NAME.parent.rules` next to it is passed as `parents`
 * under its own ruleset id. The reported `line:col severity code` list must equal the expected one.
 * There is no way to skip a fixture: a wrong one fails until it or the compiler is fixed.
 *
 * Scenario fixtures (`test/fixtures/scenarios/NAME.json`, V09xx) state the same expectations in
 * `NAME.expect`, with `# ruleset: ID` naming the bundled ruleset they are evaluated under, as
 * `variorum eval ID NAME.json` would (an input that passes validation but cannot be evaluated is V0903
 * with no span, as eval reports it).
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CODES, type Diagnostic } from "../../diagnostics/index.js";
import { evaluateScenario } from "../../compiler/interpret/interpreter.js";
import {
  compileText,
  exampleDiagnostic,
  loadRuleset,
  runExamples,
} from "../../compiler/engine/index.js";
import { evaluationDiagnostic, parseScenario } from "../../compiler/scenario/index.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const DIR = join(ROOT, "test", "fixtures", "diagnostics");

interface Fixture {
  /** File name, e.g. `V0401.rules`; also the path given to compileText. */
  name: string;
  text: string;
  parent: { id: string; file: string; text: string } | null;
  expects: string[];
  /** `line:col severity code` → the message it must carry, for expectations that state one. */
  messages: Map<string, string[]>;
  /** Lines that look like expectations but do not parse. */
  malformed: string[];
  /** `# run: test`: the examples run too. */
  runExamples: boolean;
}

const EXPECT = /^# expect:\s*(.*?)\s*$/gm;
const EXPECT_ONE = /^((?:(?:parent:)?\d+:\d+|-) (?:error|warning) V\d{4})(?: (.+))?$/;

function loadFixture(name: string, files: string[]): Fixture {
  const text = readFileSync(join(DIR, name), "utf8");
  const parentName = name.replace(/\.rules$/, ".parent.rules");
  let parent: Fixture["parent"] = null;
  if (files.includes(parentName)) {
    const ptext = readFileSync(join(DIR, parentName), "utf8");
    const id = /^ruleset\s+(\S+)/m.exec(ptext)?.[1];
    if (!id) throw new Error(`${parentName} has no ruleset header`);
    parent = { id, file: `${id}.rules`, text: ptext };
  }
  const lines = [...text.matchAll(EXPECT)].map((m) => m[1]!);
  const messages = new Map<string, string[]>();
  const expects = lines
    .filter((l) => l !== "nothing" && EXPECT_ONE.test(l))
    .map((l) => {
      const [, key, message] = EXPECT_ONE.exec(l)!;
      if (message !== undefined) messages.set(key!, [...(messages.get(key!) ?? []), message]);
      return key!;
    });
  const malformed = lines.filter((l) => l !== "nothing" && !EXPECT_ONE.test(l));
  if (lines.length === 0)
    malformed.push('(no "# expect:" line: write "# expect: nothing" for a clean fixture)');
  if (lines.includes("nothing") && lines.length > 1)
    malformed.push('"nothing" together with other expectations');
  if (/^# bug:/m.test(text))
    malformed.push('"# bug:" lines are gone: a fixture is either right or failing');
  return {
    name,
    text,
    parent,
    expects,
    messages,
    malformed,
    runExamples: /^# run: test\s*$/m.test(text),
  };
}

function compile(fx: Fixture): { diagnostics: Diagnostic[] } {
  const r = compileText(fx.text, fx.name, fx.parent ? { [fx.parent.id]: fx.parent.text } : {});
  if (!fx.runExamples || !r.ir) return r;
  const failed = runExamples(r.ir, fx.name, fx.text)
    .filter((x) => !x.passed)
    .map((x) => exampleDiagnostic(x));
  return { diagnostics: [...r.diagnostics, ...failed] };
}

function render(fx: Fixture, d: Diagnostic): string {
  if (!d.span) return `- ${d.severity} ${d.code}`;
  const where =
    d.span.file === fx.name ? "" : d.span.file === fx.parent?.file ? "parent:" : `${d.span.file}:`;
  return `${where}${d.span.line}:${d.span.col} ${d.severity} ${d.code}`;
}

const byPosition = (a: string, b: string): number => a.localeCompare(b, "en", { numeric: true });

const files = readdirSync(DIR)
  .filter((f) => f.endsWith(".rules"))
  .sort();

// ---- scenario fixtures (V09xx) ----
const SCEN_DIR = join(ROOT, "test", "fixtures", "scenarios");
const rulesetHost = nodeHost(rulesetFolders(ROOT));
const scenarioFixtures = readdirSync(SCEN_DIR)
  .filter((f) => f.endsWith(".json"))
  .sort()
  .map((name) => {
    const expectText = readFileSync(join(SCEN_DIR, name.replace(/\.json$/, ".expect")), "utf8");
    const ruleset = /^# ruleset:\s*(\S+)\s*$/m.exec(expectText)?.[1] ?? "sl-classic";
    const lines = [...expectText.matchAll(EXPECT)].map((m) => m[1]!);
    const messages = new Map<string, string[]>();
    const expects = lines
      .filter((l) => EXPECT_ONE.test(l))
      .map((l) => {
        const [, key, message] = EXPECT_ONE.exec(l)!;
        if (message !== undefined) messages.set(key!, [...(messages.get(key!) ?? []), message]);
        return key!;
      });
    return { name, text: readFileSync(join(SCEN_DIR, name), "utf8"), ruleset, expects, messages };
  });

describe("scenario diagnostics fixtures", () => {
  for (const fx of scenarioFixtures) {
    it(`${fx.name} under ${fx.ruleset}: reports exactly ${fx.expects.join(", ")}`, () => {
      const ir = loadRuleset(fx.ruleset, rulesetHost).ir!;
      const parsed = parseScenario(fx.text, fx.name, [ir]);
      const ds: Diagnostic[] = [...parsed.diagnostics];
      for (const p of parsed.perRuleset) {
        const r = evaluateScenario(ir, p.value, p.notApplicable);
        if (!r.ok) ds.push(evaluationDiagnostic(ir.id, r.fault, fx.text, fx.name));
      }
      const at = (d: Diagnostic) =>
        d.span
          ? `${d.span.line}:${d.span.col} ${d.severity} ${d.code}`
          : `- ${d.severity} ${d.code}`;
      expect(ds.map(at).sort(byPosition)).toEqual([...fx.expects].sort(byPosition));
      for (const [key, want] of fx.messages)
        expect(
          ds
            .filter((d) => at(d) === key)
            .map((d) => d.message)
            .sort(),
          key,
        ).toEqual([...want].sort());
    });
  }
});
const fixtures = files
  .filter((f) => !f.endsWith(".parent.rules"))
  .map((f) => loadFixture(f, files));
const CODE_FIXTURE = /^(V\d{4})\.rules$/;

describe("diagnostics fixtures", () => {
  it('there are fixtures, and every "# expect:" line is well formed', () => {
    expect(fixtures.length).toBeGreaterThan(30);
    expect(
      fixtures.filter((f) => f.malformed.length).map((f) => `${f.name}: ${f.malformed.join(", ")}`),
    ).toEqual([]);
  });

  it("every parent fixture belongs to a fixture", () => {
    const orphans = files.filter(
      (f) =>
        f.endsWith(".parent.rules") && !files.includes(f.replace(/\.parent\.rules$/, ".rules")),
    );
    expect(orphans).toEqual([]);
  });

  for (const fx of fixtures) {
    it(`${fx.name}: reports exactly ${fx.expects.length ? fx.expects.join(", ") : "nothing"}`, () => {
      const r = compile(fx);
      const got = r.diagnostics.map((d) => render(fx, d)).sort(byPosition);
      expect(got).toEqual([...fx.expects].sort(byPosition));
      for (const [key, want] of fx.messages) {
        expect(
          r.diagnostics
            .filter((d) => render(fx, d) === key)
            .map((d) => d.message)
            .sort(),
          key,
        ).toEqual([...want].sort());
      }
    });
  }
});

describe("one fixture per code", () => {
  const frontEnd = Object.keys(CODES).filter((c) => c >= "V0100" && c < "V0900");

  it("every code from V01xx to V08xx has a fixture NAME.rules, every V09xx a scenario fixture", () => {
    const have = new Set(fixtures.map((f) => CODE_FIXTURE.exec(f.name)?.[1]).filter(Boolean));
    expect(frontEnd.filter((c) => !have.has(c))).toEqual([]);
    const scen = new Set(
      scenarioFixtures.map((f) => /^(V\d{4})/.exec(f.name)?.[1]).filter(Boolean),
    );
    expect(Object.keys(CODES).filter((c) => c >= "V0900" && c < "V1000" && !scen.has(c))).toEqual(
      [],
    );
    // V10xx (maps) have theirs in test/fixtures/maps/ (test/reach/map-diagnostics.test.ts).
  });

  it("every CODE.rules fixture is named after a code in CODES and expects that code", () => {
    for (const fx of fixtures) {
      const code = CODE_FIXTURE.exec(fx.name)?.[1];
      if (!code) continue;
      expect(code in CODES, `${fx.name}: ${code} is not in CODES`).toBe(true);
      expect(
        fx.expects.some((e) => e.endsWith(` ${code}`)),
        `${fx.name} expects no ${code}`,
      ).toBe(true);
    }
  });

  it("every expected severity is the severity CODES gives the code", () => {
    for (const fx of fixtures) {
      for (const e of fx.expects) {
        const [, severity, code] = / (error|warning) (V\d{4})$/.exec(e)!;
        expect(code! in CODES, `${fx.name}: ${code} is not in CODES`).toBe(true);
        expect(CODES[code as keyof typeof CODES].severity, `${fx.name}: ${e}`).toBe(severity);
      }
    }
  });

  // Active even for fixtures marked "# bug:": the code a fixture is named after is reported where the
  // fixture says, whatever else is (wrongly) reported beside it.
  for (const fx of fixtures) {
    const code = CODE_FIXTURE.exec(fx.name)?.[1];
    if (!code) continue;
    it(`${fx.name}: reports ${code} where expected`, () => {
      const got = compile(fx).diagnostics.map((d) => render(fx, d));
      for (const e of fx.expects.filter((x) => x.endsWith(` ${code}`))) expect(got).toContain(e);
    });
  }
});

describe("the table of codes", () => {
  const source = readFileSync(join(ROOT, "diagnostics", "index.ts"), "utf8");

  it("each code is a key of CODES exactly once in diagnostics/index.ts", () => {
    const keys = [...source.matchAll(/\b(V\d{4}):/g)].map((m) => m[1]!);
    const counts = new Map<string, number>();
    for (const k of keys) counts.set(k, (counts.get(k) ?? 0) + 1);
    expect([...counts].filter(([, n]) => n !== 1)).toEqual([]);
    expect([...counts.keys()].sort()).toEqual(Object.keys(CODES).sort());
  });

  it("codes are four digits, grouped by phase, each with a summary", () => {
    for (const [code, info] of Object.entries(CODES)) {
      expect(code).toMatch(/^V(0[1-9]|1[01])\d{2}$/);
      expect(info.summary.length).toBeGreaterThan(0);
      expect(["error", "warning"]).toContain(info.severity);
    }
  });

  it("every code written in grammar/ or compiler/ (as 'V0000') is in CODES", () => {
    const used = new Map<string, string[]>();
    const walk = (dir: string): void => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (/\.(ts|js|mjs)$/.test(e.name)) {
          for (const m of readFileSync(p, "utf8").matchAll(/['"`](V\d{4})['"`]/g)) {
            used.set(m[1]!, [...(used.get(m[1]!) ?? []), relative(ROOT, p)]);
          }
        }
      }
    };
    walk(join(ROOT, "grammar"));
    walk(join(ROOT, "compiler"));
    expect(used.size).toBeGreaterThan(20);
    const unknown = [...used]
      .filter(([c]) => !(c in CODES))
      .map(([c, where]) => `${c} in ${[...new Set(where)].join(", ")}`);
    expect(unknown).toEqual([]);
  });
});

describe("diagnostic messages", () => {
  // Regression test for a bug fixed since (see git history).
  it("V0206 names every ruleset of the cycle", () => {
    const fx = fixtures.find((f) => f.name === "V0206.rules")!;
    const d = compile(fx).diagnostics.find((x) => x.code === "V0206")!;
    expect(d.message).toContain("v0206 → v0206-base → v0206");
  });

  it("a fixture diagnostic carries a message, and hints are non-empty when given", () => {
    for (const fx of fixtures) {
      for (const d of compile(fx).diagnostics) {
        expect(d.message.length, `${fx.name} ${d.code}`).toBeGreaterThan(0);
        if (d.hint !== undefined) expect(d.hint.length, `${fx.name} ${d.code}`).toBeGreaterThan(0);
      }
    }
  });
});
