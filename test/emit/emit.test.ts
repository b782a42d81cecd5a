/**
 * The TypeScript emitter: golden files, determinism, strict type-checking of the output, formatting,
 * inert hostile strings, and the behaviour of the generated modules (imported and evaluated).
 */

import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import * as prettier from "prettier";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";
import { emitIndex, emitModule, PRETTIER_OPTIONS } from "../../compiler/emit/index.js";
import { camel, NameTable, pascal, snake } from "../../compiler/emit/names.js";
import { commentText } from "../../compiler/emit/text.js";
import type {
  BinOp,
  Expr,
  RuleDef,
  RulesetIR,
  ScenarioValue,
  Type,
  Value,
} from "../../compiler/ir/ir.js";
import type { MoveResult, DistributionSummary } from "../../runtime/types.js";
import { pricePath } from "../../runtime/move.js";
import { ratNum } from "../../runtime/rational.js";
import { interpreterFor, prepare as prepareInterp } from "../../compiler/interpret/interpreter.js";
import { mulberry32 } from "../../compiler/util/random.js";
import { artifacts } from "../artifacts.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const FIXTURES = path.join(ROOT, "test/fixtures/ir");
const ARTIFACTS = artifacts("emit");
const NAMES = ["mini-infantry", "mini-dice"] as const;

function load(name: string): RulesetIR {
  return JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), "utf8")) as RulesetIR;
}

/**
 * A variant of mini-infantry whose names are reserved words and prototype keys, and whose title
 * carries a line break: it must compile to the same behaviour.
 */
function hostile(): RulesetIR {
  const text = readFileSync(path.join(FIXTURES, "mini-infantry.json"), "utf8")
    .replaceAll('"terrain-cost"', '"constructor"')
    .replaceAll('"MMC"', '"delete"')
    .replaceAll('"ipc"', '"new"')
    .replaceAll('"excess"', '"__proto__"')
    .replaceAll('"pp"', '"this"')
    .replaceAll('"phase"', '"Set"')
    .replaceAll('"mini-infantry"', '"hostile"');
  const ir = JSON.parse(text) as RulesetIR;
  // A field whose JSON name Object.prototype also has: an absent field must not read the inherited one.
  ir.inputs[0].fields.find((f) => f.name === "leader")!.json = "constructor";
  ir.title = "Hostile */ process.exit(3)\nprocess.exit(4) \u2028 process.exit(5)";
  return ir;
}

/**
 * mini-infantry plus rules that exercise the remaining expression forms (aggregates, constant sets,
 * NA tests, set- and enum-valued rules, `base` in conditions, parameters in aggregates).
 */
function forms(): RulesetIR {
  const ir = load("mini-infantry");
  ir.id = "forms";
  const MF: Type = { t: "num", measure: "MF" };
  const BOOL: Type = { t: "bool" };
  const TERRAIN: Type = { t: "enum", name: "terrain" };
  const KIND: Type = { t: "enum", name: "kind" };
  const num = (q: string): Expr => ({ k: "num", q });
  const bin = (op: BinOp, a: Expr, b: Expr, type: Type = BOOL): Expr => ({
    k: "bin",
    op,
    a,
    b,
    type,
  });
  const call = (name: string, ...args: Expr[]): Expr => ({ k: "rule", name, args });
  const stepTerrain: Expr = { k: "field", rec: "step", name: "terrain" };
  const base: Expr = { k: "base" };
  const def = (
    name: string,
    type: Type,
    value: Expr,
    exceptions: RuleDef["exceptions"] = [],
    params: RuleDef["params"] = [],
    context: RuleDef["context"] = "path",
  ): RuleDef => ({
    name,
    cite: `F.${name}`,
    title: name,
    concept: name,
    section: null,
    origin: { ruleset: "forms", line: 1 },
    kind: type.t === "bool" ? "predicate" : "rule",
    params,
    type,
    context,
    value,
    exceptions,
  });
  const exc = (cite: string, when: Expr, value: Expr, exceptions: RuleDef["exceptions"] = []) => ({
    cite,
    title: cite,
    when,
    value,
    exceptions,
  });
  ir.rules.push(
    def("sum-cost", MF, { k: "agg", op: "sum", body: call("entry-cost") }),
    def("max-cost", MF, { k: "agg", op: "max", body: call("entry-cost") }),
    def("min-cost", MF, { k: "agg", op: "min", body: call("entry-cost") }),
    def("all-open", BOOL, {
      k: "agg",
      op: "all",
      body: bin("==", stepTerrain, { k: "member", enum: "terrain", name: "open-ground" }),
    }),
    def("step-terrain", TERRAIN, stepTerrain, [], [], "step"),
    def("any-common", BOOL, {
      k: "agg",
      op: "any",
      body: {
        k: "in",
        x: call("step-terrain"),
        set: { k: "set", enum: "terrain", members: ["open-ground", "road", "woods", "marsh"] },
      },
    }),
    def("any-na", BOOL, { k: "agg", op: "any", body: bin("==", call("entry-cost"), { k: "na" }) }),
    def(
      "rough-set",
      { t: "set", of: "terrain" },
      { k: "set", enum: "terrain", members: ["woods", "marsh"] },
    ),
    def(
      "count-rough",
      { t: "num", measure: null },
      { k: "agg", op: "count", body: { k: "in", x: stepTerrain, set: call("rough-set") } },
    ),
    def("arith", MF, {
      k: "call",
      fn: "frd",
      args: [
        bin(
          "/",
          { k: "neg", x: bin("-", { k: "path", name: "spent" }, num("7"), MF) },
          num("2"),
          MF,
        ),
      ],
    }),
    def("capped", MF, num("3"), [
      exc("F.capped.1", bin(">", base, num("2")), bin("-", base, num("1"), MF)),
    ]),
    def(
      "per-step",
      MF,
      { k: "param", name: "n" },
      [
        exc(
          "F.per-step.1",
          { k: "field", rec: "unit", name: "leader" },
          { k: "agg", op: "sum", body: bin("+", base, { k: "param", name: "n" }, MF) },
        ),
      ],
      [{ name: "n", type: MF }],
    ),
    def(
      "promoted",
      KIND,
      { k: "field", rec: "unit", name: "kind" },
      [
        exc(
          "F.promoted.1",
          bin("==", base, { k: "member", enum: "kind", name: "squad" }),
          { k: "member", enum: "kind", name: "half-squad" },
          [
            exc(
              "F.promoted.2",
              bin("==", base, { k: "member", enum: "kind", name: "half-squad" }),
              {
                k: "member",
                enum: "kind",
                name: "leader",
              },
            ),
          ],
        ),
      ],
      [],
      "unit",
    ),
    def(
      "is-road",
      BOOL,
      bin(
        "or",
        bin("==", { k: "param", name: "t" }, { k: "member", enum: "terrain", name: "road" }),
        bin("==", { k: "param", name: "t" }, { k: "member", enum: "terrain", name: "woods" }),
      ),
      [],
      [{ name: "t", type: TERRAIN }],
      "unit",
    ),
  );
  return ir;
}

/**
 * mini-infantry whose step cost reads its tables by code in every way `price`'s specialised rules
 * can: a member-valued table of two keys whose value keys the table with `all`, a truth-valued
 * table, `need` of a coded field, a coded value tested against a rule's set and a constant set of
 * four, and a coded `base` in an exception.
 */
function codes(): RulesetIR {
  const ir = load("mini-infantry");
  ir.id = "codes";
  const MF: Type = { t: "num", measure: "MF" };
  const TERRAIN: Type = { t: "enum", name: "terrain" };
  const terrains = ir.enums.find((e) => e.name === "terrain")!.members.map((m) => m.name);
  const kinds = ir.enums.find((e) => e.name === "kind")!.members.map((m) => m.name);
  const member = (name: string): Expr => ({ k: "member", enum: "terrain", name });
  const call = (name: string, ...args: Expr[]): Expr => ({ k: "rule", name, args });
  const plus = (a: Expr, b: Expr): Expr => ({ k: "bin", op: "+", a, b, type: MF });
  const when = (c: Expr, q: string): Expr => ({
    k: "if",
    c,
    t: { k: "num", q },
    e: { k: "num", q: "0" },
  });
  const stepTerrain: Expr = { k: "field", rec: "step", name: "terrain" };
  const origin = { ruleset: "codes", line: 1 };
  const def = (
    name: string,
    type: Type,
    value: Expr,
    context: RuleDef["context"],
    exceptions: RuleDef["exceptions"] = [],
    params: RuleDef["params"] = [],
  ): RuleDef => ({
    name,
    cite: `C.${name}`,
    title: name,
    concept: name,
    section: null,
    origin,
    kind: "rule",
    params,
    type,
    context,
    value,
    exceptions,
  });
  ir.tables.push(
    {
      name: "kind-terrain",
      cite: "C.kt",
      title: "the terrain a kind pays for",
      concept: "kind-terrain",
      section: null,
      origin,
      keys: ["kind", "terrain"],
      type: TERRAIN,
      rows: kinds.flatMap((k) =>
        terrains.map((t) => ({
          keys: [k, t],
          value: {
            v: "member" as const,
            enum: "terrain",
            name:
              k === "leader" ? "open-ground" : k === "half-squad" && t === "marsh" ? "woods" : t,
          },
          cite: k === "leader" ? "C.kt leader" : null,
        })),
      ),
    },
    {
      name: "rough-t",
      cite: "C.rt",
      title: "rough terrain",
      concept: "rough-t",
      section: null,
      origin,
      keys: ["terrain"],
      type: { t: "bool" },
      rows: terrains.map((t) => ({
        keys: [t],
        value: { v: "bool" as const, b: t === "woods" || t === "rubble" },
        cite: null,
      })),
    },
  );
  ir.rules.push(
    def("priced", TERRAIN, stepTerrain, "step", [
      {
        cite: "C.priced.1",
        title: "woods along a road is road",
        when: { k: "field", rec: "step", name: "via-road" },
        value: {
          k: "if",
          c: { k: "bin", op: "==", a: { k: "base" }, b: member("woods"), type: { t: "bool" } },
          t: member("road"),
          e: { k: "base" },
        },
        exceptions: [],
      },
    ]),
    def(
      "rough-set",
      { t: "set", of: "terrain" },
      { k: "set", enum: "terrain", members: ["woods", "marsh"] },
      "path",
    ),
    def("tier", MF, { k: "num", q: "1" }, "unit", [
      {
        cite: "C.tier.1",
        title: "a leader's tier",
        when: { k: "field", rec: "unit", name: "leader" },
        value: { k: "num", q: "2" },
        exceptions: [],
      },
    ]),
    def(
      "code-cost",
      MF,
      {
        k: "if",
        c: { k: "present", rec: "step", name: "terrain" },
        t: plus(
          plus(
            {
              k: "table",
              name: "terrain-cost",
              keys: [
                {
                  k: "table",
                  name: "kind-terrain",
                  keys: [{ k: "field", rec: "unit", name: "kind" }, call("priced")],
                },
              ],
            },
            when({ k: "in", x: stepTerrain, set: call("rough-set") }, "1"),
          ),
          plus(
            plus(
              { k: "num", q: "0" },
              when(
                {
                  k: "not",
                  x: {
                    k: "in",
                    x: call("priced"),
                    set: {
                      k: "set",
                      enum: "terrain",
                      members: ["open-ground", "road", "woods", "marsh"],
                    },
                  },
                },
                "1/2",
              ),
            ),
            plus(
              plus(
                when({ k: "table", name: "rough-t", keys: [call("priced")] }, "1"),
                // A definition inlined with its exceptions (literal arms) compared with a literal
                // neither arm is: TypeScript rejects that comparison unless the value is widened.
                when(
                  {
                    k: "bin",
                    op: "==",
                    a: call("tier"),
                    b: { k: "num", q: "3" },
                    type: { t: "bool" },
                  },
                  "1",
                ),
              ),
              when(
                {
                  k: "table",
                  name: "rough-t",
                  keys: [{ k: "need", rec: "step", name: "terrain" }],
                },
                "1/2",
              ),
            ),
          ),
        ),
        e: { k: "num", q: "1" },
      },
      "step",
    ),
  );
  ir.movement.cost = call("code-cost");
  return ir;
}

/** Identifiers and keywords of a TypeScript text, comments and string literals skipped. */
function codeTokens(text: string): string[] {
  const scanner = ts.createScanner(ts.ScriptTarget.ES2022, true, ts.LanguageVariant.Standard, text);
  const out: string[] = [];
  for (let t = scanner.scan(); t !== ts.SyntaxKind.EndOfFileToken; t = scanner.scan()) {
    if (
      t === ts.SyntaxKind.Identifier ||
      (t >= ts.SyntaxKind.FirstKeyword && t <= ts.SyntaxKind.LastKeyword)
    ) {
      out.push(scanner.getTokenText());
    }
  }
  return out;
}

/**
 * Type-checks `files` under strict settings (as `tsc --strict` with noUncheckedIndexedAccess off),
 * with ES2022's library and no DOM: a generated module needs no browser global. Only the files given
 * are checked (and what they use of the runtime, as their types need it): the runtime's own sources
 * are checked by `tsc --noEmit -p .` and tsconfig.consumer.json in `npm run lint`, and checking them
 * here again was two thirds of this test's time.
 */
function typeCheck(files: string[]): string[] {
  const program = ts.createProgram(files, {
    strict: true,
    noUncheckedIndexedAccess: false,
    target: ts.ScriptTarget.ES2022,
    lib: ["lib.es2022.d.ts"],
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    noEmit: true,
    skipLibCheck: true,
    types: [],
  });
  const diagnostics = [
    ...program.getOptionsDiagnostics(),
    ...program.getGlobalDiagnostics(),
    ...files.flatMap((f) => {
      const file = program.getSourceFile(f);
      if (file === undefined) throw new Error(`not in the program: ${f}`);
      return [...program.getSyntacticDiagnostics(file), ...program.getSemanticDiagnostics(file)];
    }),
  ];
  return diagnostics.map((d) => {
    const where = d.file
      ? `${path.relative(ROOT, d.file.fileName)}:${d.file.getLineAndCharacterOfPosition(d.start ?? 0).line + 1}`
      : "";
    return `${where} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`;
  });
}

interface Generated {
  evaluate(input: unknown, trace?: boolean): MoveResult;
  prepare(input: unknown): unknown;
  [name: string]: unknown;
}

const texts = new Map<string, string>();
const modules = new Map<string, Generated>();

beforeAll(async () => {
  const irs = [...NAMES.map(load), hostile(), forms(), codes()];
  for (const ir of irs) {
    const text = await emitModule(ir);
    texts.set(ir.id, text);
    writeFileSync(path.join(ARTIFACTS, "generated", `${ir.id}.ts`), text);
  }
  writeFileSync(path.join(ARTIFACTS, "generated/index.ts"), await emitIndex(irs));
  for (const ir of irs) {
    modules.set(
      ir.id,
      (await import(path.join(ARTIFACTS, "generated", `${ir.id}.ts`))) as Generated,
    );
  }
}, 60_000);

describe("names", () => {
  it("mangles kebab names", () => {
    expect(snake("leader-bonus")).toBe("leader_bonus");
    expect(camel("leader-bonus")).toBe("leaderBonus");
    expect(camel("MMC")).toBe("MMC");
    expect(pascal("open-ground")).toBe("OpenGround");
    expect(camel("2nd-line")).toBe("_2ndLine");
    expect(snake("a.b")).toBe("a_x2e_b");
  });
  it("allocates collision-free names off reserved words", () => {
    const t = new NameTable();
    expect(t.claim("delete")).toBe("delete_2");
    expect(t.claim("model")).toBe("model_2");
    expect(t.claim("aB")).toBe("aB");
    expect(t.claim("aB")).toBe("aB_2");
  });
  it("neutralises comment text", () => {
    expect(commentText("a */ b\nc\u2028d")).toBe("a *\\/ b c d");
  });
});

describe("emitModule", () => {
  for (const name of NAMES) {
    it(`matches the golden file for ${name}`, async () => {
      await expect(texts.get(name)).toMatchFileSnapshot(
        path.join(FIXTURES, "generated", `${name}.expected.ts`),
      );
    });
  }

  it("is deterministic", async () => {
    for (const ir of [...NAMES.map(load), hostile()]) {
      expect(await emitModule(ir)).toBe(texts.get(ir.id));
      expect(await emitModule(JSON.parse(JSON.stringify(ir)) as RulesetIR)).toBe(texts.get(ir.id));
    }
    const irs = NAMES.map(load);
    expect(await emitIndex(irs)).toBe(await emitIndex(irs));
  });

  it("starts with the do-not-edit header", () => {
    expect(texts.get("mini-infantry")!.split("\n").slice(0, 2)).toEqual([
      "// Generated by variorum from rulesets/mini-infantry.rules — do not edit.",
      "// Mini infantry: a hand-made test ruleset",
    ]);
  });

  it("is prettier-formatted", async () => {
    for (const text of texts.values())
      expect(await prettier.check(text, PRETTIER_OPTIONS)).toBe(true);
  });

  it("formats the bundled modules as prettier leaves them (generated/ is not under lint's check)", async () => {
    const dir = path.join(ROOT, "generated");
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const f of files)
      expect(
        await prettier.check(readFileSync(path.join(dir, f), "utf8"), PRETTIER_OPTIONS),
        f,
      ).toBe(true);
  });

  it("type-checks under strict", () => {
    const files = [...texts.keys(), "index"].map((id) =>
      path.join(ARTIFACTS, "generated", `${id}.ts`),
    );
    expect(typeCheck(files)).toEqual([]);
  }, 60_000);

  it("keeps hostile strings inert", () => {
    for (const [id, text] of texts) {
      const tokens = codeTokens(text);
      expect(tokens, id).not.toContain("process");
      expect(tokens, id).not.toContain("evil");
      if (id !== "mini-dice") expect(tokens, id).not.toContain("throw");
    }
    const mini = modules.get("mini-infantry")!;
    expect((mini.kindNames as Record<string, string>).leader).toBe("*/ process.exit(1) /*");
    const hostileModule = modules.get("hostile")!;
    expect((hostileModule.model as { title: string }).title).toBe(hostile().title);
  });
});

describe("generated mini-infantry", () => {
  const ev = (input: unknown) => modules.get("mini-infantry")!.evaluate(input);

  it("prices a path with a road, a table lookup and a rational ½", () => {
    const r = ev({
      unit: { kind: "squad" },
      path: [{ terrain: "open-ground" }, { terrain: "road", viaRoad: true }, { terrain: "woods" }],
    });
    expect(r.allowance).toBe(4);
    expect(r.spent).toBe(3.5);
    expect(r.exact.spent).toBe("7/2");
    expect(r.legal).toBe(true);
    expect(r.steps.map((s) => s.cost)).toEqual([1, 0.5, 2]);
    expect(r.steps.map((s) => s.display)).toEqual(["1", "½", "2"]);
    expect(r.steps.map((s) => s.rules)).toEqual([["R4", "T1"], ["R4.1"], ["R4", "T1"]]);
  });

  it("applies a nested exception with base, fru and a step constraint", () => {
    const m = modules.get("mini-infantry")!;
    const ctx = m.prepare({ unit: { kind: "squad", portage: 3, status: ["broken"] }, path: [] });
    const trace: string[] = [];
    // ipc: squad 3, broken squad base - 1 = 2; excess(3, 2) = fru(½) = 1; 4 - 1 = 3; broken: min(3, 2).
    expect((m.r_ipc as (c: unknown, t: null) => number)(ctx, null)).toBe(4);
    expect((m.r_allowance as (c: unknown, t: string[]) => number)(ctx, trace)).toBe(4);
    expect(trace).toEqual(["R3.1", "R3", "R1.1", "R1.2", "R2"]);
    const r = ev({
      unit: { kind: "squad", portage: 3, status: ["broken"] },
      path: [{ terrain: "woods" }],
    });
    expect(r.allowance).toBe(2);
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([
      { rule: "C2", message: "a broken unit may not enter woods", step: 1 },
    ]);
  });

  it("reports a unit constraint with its (hostile) paraphrase as the message", () => {
    const r = ev({ unit: { kind: "leader", portage: 2 }, path: [{ terrain: "open-ground" }] });
    expect(r.allowance).toBe(3);
    expect(r.legal).toBe(false);
    expect(r.violations).toEqual([
      { rule: "C1", message: '"; throw 1; " a leader carries at most 1 PP' },
    ]);
  });

  it("prices all as the allowance and NA as not allowed with the row citation", () => {
    const marsh = ev({ unit: { kind: "squad", leader: true }, path: [{ terrain: "marsh" }] });
    expect(marsh.allowance).toBe(6);
    expect(marsh.spent).toBe(6);
    expect(marsh.legal).toBe(true);
    const cliff = ev({ unit: { kind: "squad" }, path: [{ terrain: "cliff" }] });
    expect(cliff.steps[0]).toEqual({ cost: null, display: "NA", rules: ["R4", "T1 note"] });
    expect(cliff.legal).toBe(false);
    expect(cliff.violations[0].rule).toBe("T1 note");
  });

  it("allows a minimum move only when the predicate holds", () => {
    expect(ev({ unit: { kind: "squad" }, path: [{ terrain: "rubble" }] }).legal).toBe(true);
    const two = ev({
      unit: { kind: "squad" },
      path: [{ terrain: "open-ground" }, { terrain: "rubble" }],
    });
    expect(two.legal).toBe(false);
    expect(two.violations.map((v) => v.rule)).toEqual(["M3"]);
    expect(
      ev({ unit: { kind: "squad", status: ["broken"] }, path: [{ terrain: "rubble" }] }).legal,
    ).toBe(false);
  });

  it("counts actions in place and checks path constraints", () => {
    const board = ev({ unit: { kind: "squad" }, path: [{ action: "board" }, { action: "board" }] });
    expect(board.steps.map((s) => s.cost)).toEqual([1, 1]);
    expect(board.violations.map((v) => v.rule)).toEqual(["C3"]);
    const advance = (n: number) =>
      ev({
        unit: { kind: "squad" },
        scenario: { phase: "advance" },
        path: Array(n).fill({ terrain: "open-ground" }),
      });
    expect(advance(1).legal).toBe(true);
    expect(advance(2).violations.map((v) => v.rule)).toEqual(["C4"]);
  });

  it("behaves the same with hostile names", () => {
    const inputs = [
      { unit: { kind: "squad", portage: 3, status: ["broken"] }, path: [{ terrain: "woods" }] },
      { unit: { kind: "leader", portage: 2 }, path: [{ terrain: "marsh" }, { terrain: "cliff" }] },
      {
        unit: { kind: "squad" },
        scenario: { Set: "advance" },
        path: [{ terrain: "road", viaRoad: true }, { terrain: "rubble" }],
      },
    ];
    for (const input of inputs) {
      const a = modules.get("hostile")!.evaluate(input);
      const scenario = (input as { scenario?: { Set: string } }).scenario;
      const b = ev({ ...input, scenario: scenario && { phase: scenario.Set } });
      // The defaults an answer assumed are named by the fields' own (hostile) names.
      const plain: Record<string, string> = { Set: "phase", "unit.constructor": "unit.leader" };
      const given = (a as { assumed?: Record<string, unknown> }).assumed;
      const assumed =
        given && Object.fromEntries(Object.entries(given).map(([k, v]) => [plain[k] ?? k, v]));
      expect({ ...a, ruleset: b.ruleset, assumed }).toEqual(b);
    }
  });
});

describe("generated expression forms", () => {
  type Fn = (ctx: unknown, trace: string[] | null, ...args: unknown[]) => unknown;
  const run = (name: string, input: unknown, ...args: unknown[]) => {
    const m = modules.get("forms")!;
    const ctx = m.prepare(input) as { spent: number; allowance: number };
    ctx.allowance = 8;
    ctx.spent = 14;
    return (m[name] as Fn)(ctx, null, ...args);
  };
  const path = [
    { terrain: "open-ground" },
    { terrain: "woods" },
    { terrain: "road", viaRoad: true },
    { action: "board" },
  ];
  const unit = { kind: "squad" };

  it("aggregates over the path (in ticks, scale 2)", () => {
    expect(run("r_sum_cost", { unit, path })).toBe(2 + 4 + 1 + 2);
    expect(run("r_max_cost", { unit, path })).toBe(4);
    expect(run("r_min_cost", { unit, path })).toBe(1);
    expect(run("r_min_cost", { unit, path: [] })).toBe(0);
    expect(run("r_all_open", { unit, path: [{ terrain: "open-ground" }] })).toBe(true);
    expect(run("r_all_open", { unit, path })).toBe(false);
    expect(run("r_count_rough", { unit, path: [...path, { terrain: "marsh" }] })).toBe(2 * 2);
    expect(run("r_any_common", { unit, path: [{ terrain: "rubble" }] })).toBe(false);
    expect(run("r_any_common", { unit, path })).toBe(true);
    expect(run("r_any_na", { unit, path })).toBe(false);
    expect(run("r_any_na", { unit, path: [{ terrain: "cliff" }] })).toBe(true);
  });

  it("computes arithmetic in ticks and applies exceptions that test base", () => {
    // frd(-(7 - 7) / 2) with spent 7 MF (14 ticks) = 0; the constant 3 > 2, so capped = 2.
    expect(run("r_arith", { unit, path })).toBe(0);
    expect(run("r_capped", { unit, path })).toBe(4);
    expect(run("r_per_step", { unit, path: [{}, {}] }, 2)).toBe(2);
    expect(run("r_per_step", { unit: { kind: "squad", leader: true }, path: [{}, {}] }, 2)).toBe(8);
    expect(run("r_promoted", { unit, path })).toBe("leader");
    expect(run("r_promoted", { unit: { kind: "half-squad" }, path })).toBe("half-squad");
    expect(run("r_is_road", { unit, path }, "woods")).toBe(true);
    expect(run("r_is_road", { unit, path }, "marsh")).toBe(false);
  });
});

describe("generated price reading tables by code", () => {
  it("prices as the interpreter does, over random paths", () => {
    const m = modules.get("codes")!;
    const price = m.price as (ctx: unknown) => number;
    const ir = codes();
    const interp = interpreterFor(ir);
    const text = texts.get("codes")!;
    // The specialised rules read the typed arrays by code and pass codes back as names where needed.
    expect(text).toMatch(/tk_kind_terrain = new Int32Array/);
    expect(text).toMatch(/tk_rough_t = new Uint8Array/);
    expect(text).toMatch(/function tf_terrain_cost\(ctx: Ctx, k1: number\)/);
    expect(text).toMatch(/tk_rough_t\[\s*terrainCodes\[s\.terrain \?\? missing\(/);
    expect(text).toMatch(/set_\d+\.has\(terrainValues\[/);
    expect(text).toMatch(/set_\d+\.has\(s\.terrain!\)/);
    const random = mulberry32(20261127);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random() * xs.length)]!;
    const terrains = m.terrainValues as readonly string[];
    const member = (e: string, name: string) => ({ v: "member" as const, enum: e, name });
    let finite = 0;
    for (let n = 0; n < 400; n++) {
      const path: { action?: string; terrain?: string; viaRoad?: boolean }[] = Array.from(
        { length: Math.floor(random() * 6) },
        () =>
          random() < 0.15
            ? { action: "board" }
            : { terrain: pick(terrains), viaRoad: random() < 0.4 },
      );
      const kind = pick(m.kindValues as readonly string[]);
      const sv: ScenarioValue = {
        unit: { kind: member("kind", kind) },
        vehicle: null,
        scenario: {},
        path: path.map(
          (step): Record<string, Value> =>
            step.action !== undefined
              ? { action: member("action", step.action) }
              : {
                  terrain: member("terrain", step.terrain!),
                  "via-road": { v: "bool", b: step.viaRoad! },
                },
        ),
      };
      const want = pricePath(interp, ratNum, prepareInterp(ir, sv).ctx);
      const got = price(m.prepare({ unit: { kind }, path }));
      const input = JSON.stringify({ kind, path });
      if (want.isNA()) expect(got, input).toBeNaN();
      else expect(got / 2, input).toBe(want.toNumber());
      if (Number.isFinite(got) && path.length > 0) finite++;
    }
    expect(finite).toBeGreaterThan(100);
  });
});

describe("generated mini-dice", () => {
  const ev = (input: unknown) => modules.get("mini-dice")!.evaluate(input);

  it("keeps the highest die, with a per-die modifier floored at 0", () => {
    expect(ev({ unit: { kind: "team" }, roll: [3, 5], path: [] }).allowance).toBe(5);
    expect(ev({ unit: { kind: "team", tired: true }, roll: [1, 4], path: [] }).allowance).toBe(3);
    expect(ev({ unit: { kind: "section" }, roll: [3, 5], path: [] }).allowance).toBe(8);
  });

  it("enumerates rolls without a fixed roll", () => {
    const a = ev({ unit: { kind: "team" }, path: [] }).allowance as DistributionSummary;
    expect(a.min).toBe(1);
    expect(a.max).toBe(6);
    expect(a.distribution["6"]).toBeCloseTo(11 / 36);
  });

  it("prices the vehicle with fru of a quarter and checks an any-step constraint", () => {
    const r = ev({
      unit: { kind: "team" },
      vehicle: { mp: 10 },
      roll: [6, 6],
      path: [{ terrain: "open" }, { terrain: "rough" }],
    });
    expect(r.spent).toBe(3);
    expect(r.vehicleSpent).toBe(1);
    expect(r.legal).toBe(true);
    expect(ev({ unit: { kind: "team" }, roll: [6, 6], path: [] }).vehicleSpent).toBe(null);
    const tired = ev({
      unit: { kind: "team", tired: true },
      roll: [6, 6],
      path: [{ terrain: "rough" }],
    });
    expect(tired.violations.map((v) => v.rule)).toEqual(["Units/Fatigue"]);
  });
});

describe("emitIndex", () => {
  it("re-exports and lists the modules", async () => {
    const text = await emitIndex(NAMES.map(load));
    expect(text).toContain('import * as miniInfantry from "./mini-infantry.js";');
    expect(text).toContain('"mini-infantry": miniInfantry');
    expect(await prettier.check(text, PRETTIER_OPTIONS)).toBe(true);
    const index = (await import(path.join(ARTIFACTS, "generated/index.ts"))) as {
      rulesets: Record<string, Generated>;
    };
    expect(Object.keys(index.rulesets)).toEqual([
      "mini-infantry",
      "mini-dice",
      "hostile",
      "forms",
      "codes",
    ]);
    expect(index.rulesets["mini-dice"].evaluate).toBe(modules.get("mini-dice")!.evaluate);
  });

  it("refuses an id that cannot name a file", async () => {
    await expect(emitIndex([{ ...load("mini-dice"), id: "../evil" }])).rejects.toThrow(
      /cannot name/,
    );
  });
});
