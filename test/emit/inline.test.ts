/**
 * `price` inlines a definition called once that has exceptions and/or parameters (compiler/emit/
 * price.ts): no `f_…` function for it, its citation on a line above its code, and the price the
 * interpreter gives, exception by exception, on `base` (nested too), NaN, and a call under the
 * caller's condition whose body would fail if it were evaluated where the condition does not hold.
 */

import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { emitModule } from "../../compiler/emit/index.js";
import type { Expr, RuleDef, RulesetIR, ScenarioValue, Type, Value } from "../../compiler/ir/ir.js";
import { interpreterFor, prepare as prepareInterp } from "../../compiler/interpret/interpreter.js";
import { pricePath } from "../../runtime/move.js";
import { ratNum } from "../../runtime/rational.js";
import { artifacts, importEmitted } from "../artifacts.js";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const MF: Type = { t: "num", measure: "MF" };
const BOOL: Type = { t: "bool" };

const num = (q: string): Expr => ({ k: "num", q });
const base: Expr = { k: "base" };
const param = (name: string): Expr => ({ k: "param", name });
const terrain = (name: string): Expr => ({ k: "member", enum: "terrain", name });
const bin = (op: "+" | "-" | "*" | ">" | "==" | "and", a: Expr, b: Expr): Expr => ({
  k: "bin",
  op,
  a,
  b,
  type: op === ">" || op === "==" || op === "and" ? BOOL : MF,
});
const exc = (cite: string, title: string, when: Expr, value: Expr, exceptions: Exc[] = []) => ({
  cite,
  title,
  when,
  value,
  exceptions,
});
type Exc = RuleDef["exceptions"][number];

/**
 * mini-infantry whose step cost is `step-cost`, which calls, each once and each inlined:
 * - `hop-cost(t, extra)`, under the condition that the step has a terrain, with `extra` an
 *   expression (bound once): a nested exception reads `base` (its parent's value, the parameter
 *   `extra`), two give NA, one reads the step's terrain with `need` (it would fail on an action step),
 *   one reads `base` twice (the rule's value is then bound once);
 * - `action-cost(a)`, whose one exception reads `base` once (the value is written in place).
 * Variant `doubled`: `step-cost`'s own exception doubles its `base`, which holds the hop, a value
 * that may fail (`need`), so `step-cost` stays a function, and so do the two it calls (genNode
 * writes its value twice). Variant `need`: `action-cost`'s argument may fail (`need`), so it stays a
 * function.
 */
function inlineRuleset(variant: "inline" | "doubled" | "need"): RulesetIR {
  const doubled = variant === "doubled";
  const ir = JSON.parse(
    readFileSync(path.join(ROOT, "test/fixtures/ir/mini-infantry.json"), "utf8"),
  ) as RulesetIR;
  ir.id = variant === "inline" ? "inline" : `inline-${variant}`;
  const origin = { ruleset: ir.id, line: 1 };
  const def = (
    name: string,
    cite: string,
    title: string,
    value: Expr,
    exceptions: Exc[],
    params: RuleDef["params"] = [],
  ): RuleDef => ({
    name,
    cite,
    title,
    concept: name,
    section: null,
    origin,
    kind: "rule",
    params,
    type: MF,
    context: "step",
    value,
    exceptions,
  });
  const t = param("t");
  const leader: Expr = { k: "field", rec: "unit", name: "leader" };
  const advance = bin(
    "==",
    { k: "field", rec: "scenario", name: "phase" },
    {
      k: "member",
      enum: "phase",
      name: "advance",
    },
  );
  ir.rules.push(
    def(
      "hop-cost",
      "X",
      // Line breaks (U+2028 too) and a comment's end in the paraphrase: the line citing it stays one line.
      "a hop costs the terrain plus the extra\nprocess.exit(7) */ process.exit(8)\u2028process.exit(9)",
      bin("+", { k: "table", name: "terrain-cost", keys: [t] }, param("extra")),
      [
        exc(
          "X.1",
          "along a road only the extra",
          { k: "field", rec: "step", name: "via-road" },
          param("extra"),
          [
            exc("X.1a", "rubble along a road is not allowed", bin("==", t, terrain("rubble")), {
              k: "na",
            }),
            exc(
              "X.1b",
              "a leader's extra along a road is cut by ½ MF",
              leader,
              bin("-", base, num("1/2")),
            ),
          ],
        ),
        exc(
          "X.2",
          "a cliff is not allowed",
          bin("==", { k: "need", rec: "step", name: "terrain" }, terrain("cliff")),
          { k: "na" },
        ),
        exc(
          "X.3",
          "woods in the advance phase cost double",
          bin("and", bin("==", t, terrain("woods")), advance),
          bin("+", base, base),
        ),
      ],
      [
        { name: "t", type: { t: "enum", name: "terrain" } },
        { name: "extra", type: MF },
      ],
    ),
    def(
      "action-cost",
      "Z",
      "an action costs 1 MF to board, 2 to unload",
      bin(
        "+",
        {
          k: "if",
          c: bin("==", param("a"), { k: "member", enum: "action", name: "board" }),
          t: num("1"),
          e: num("2"),
        },
        num("0"),
      ),
      [
        exc(
          "Z.1",
          "an action in the advance phase costs ½ MF more",
          advance,
          bin("+", base, num("1/2")),
        ),
      ],
      [{ name: "a", type: { t: "enum", name: "action" } }],
    ),
    def(
      "step-cost",
      "Y",
      "a step costs its hop, or its action",
      {
        k: "if",
        c: { k: "present", rec: "step", name: "terrain" },
        t: {
          k: "rule",
          name: "hop-cost",
          args: [
            { k: "field", rec: "step", name: "terrain" },
            { k: "if", c: leader, t: num("1"), e: num("1/2") },
          ],
        },
        e: {
          k: "rule",
          name: "action-cost",
          args: [{ k: variant === "need" ? "need" : "field", rec: "step", name: "action" }],
        },
      },
      [
        doubled
          ? exc("Y.1", "a broken unit pays double", flagBroken(), bin("*", base, num("2")))
          : exc("Y.1", "a broken unit pays 4 MF a step", flagBroken(), num("4")),
      ],
    ),
  );
  ir.movement.cost = { k: "rule", name: "step-cost", args: [] };
  return ir;
}

function flagBroken(): Expr {
  return { k: "flag", rec: "unit", field: "status", member: "broken" };
}

interface Generated {
  prepare(input: unknown): unknown;
  price(ctx: unknown): number;
}

type Step = { terrain?: string; action?: string; viaRoad?: boolean };
interface Case {
  leader: boolean;
  broken: boolean;
  phase: string;
  path: Step[];
}

const variants = [inlineRuleset("inline"), inlineRuleset("doubled"), inlineRuleset("need")];
const texts = new Map<string, string>();
const modules = new Map<string, Generated>();

beforeAll(async () => {
  const dir = artifacts("emit-inline");
  for (const ir of variants) {
    texts.set(ir.id, await emitModule(ir));
    modules.set(ir.id, await importEmitted<Generated>(dir, ir));
  }
}, 60_000);

/** The interpreter's price of `c` in MF (NaN for NA): `pricePath` on exact rationals. */
function interpreted(ir: RulesetIR, c: Case): number {
  const member = (e: string, name: string): Value => ({ v: "member", enum: e, name });
  const sv: ScenarioValue = {
    unit: {
      kind: member("kind", "squad"),
      leader: { v: "bool", b: c.leader },
      status: { v: "set", enum: "status", members: c.broken ? ["broken"] : [] },
    },
    vehicle: null,
    scenario: { phase: member("phase", c.phase) },
    path: c.path.map((s) => {
      const out: Record<string, Value> = { "via-road": { v: "bool", b: s.viaRoad === true } };
      if (s.terrain !== undefined) out.terrain = member("terrain", s.terrain);
      if (s.action !== undefined) out.action = member("action", s.action);
      return out;
    }),
  };
  const want = pricePath(interpreterFor(ir), ratNum, prepareInterp(ir, sv).ctx);
  return want.isNA() ? NaN : want.toNumber();
}

/** The generated `price` of `c` in MF (ticks ÷ the scale). */
function generated(ir: RulesetIR, c: Case): number {
  const m = modules.get(ir.id)!;
  const ctx = m.prepare({
    unit: { kind: "squad", leader: c.leader, status: c.broken ? ["broken"] : [] },
    scenario: { phase: c.phase },
    path: c.path,
  });
  return m.price(ctx) / ir.scale;
}

/** Every terrain with and without a road, every action, and a path of three, for every unit and phase. */
function cases(): Case[] {
  const out: Case[] = [];
  for (const leader of [false, true])
    for (const broken of [false, true])
      for (const phase of ["movement", "advance"]) {
        for (const terrain of ["open-ground", "road", "woods", "marsh", "cliff", "rubble"])
          for (const viaRoad of [false, true])
            out.push({ leader, broken, phase, path: [{ terrain, viaRoad }] });
        for (const action of ["board", "unload"])
          out.push({ leader, broken, phase, path: [{ action }] });
        out.push({
          leader,
          broken,
          phase,
          path: [{ terrain: "woods" }, { action: "unload" }, { terrain: "road", viaRoad: true }],
        });
      }
  return out;
}

describe("price inlines a single-use definition with exceptions and parameters", () => {
  it("writes no function for it, and cites it above the statement that holds it", () => {
    const text = texts.get("inline")!;
    for (const fn of ["f_hop_cost", "f_action_cost", "f_step_cost"])
      expect(text).not.toMatch(new RegExp(`function ${fn}\\b`));
    const price = /\nexport function price[^]*?\n}\n/.exec(text)![0];
    // Each citation once, on a line of its own above the statement, outermost first.
    expect(price).toContain(
      [
        "// [Y] a step costs its hop, or its action",
        "// [X] a hop costs the terrain plus the extra process.exit(7) *\\/ process.exit(8) process.exit(9)",
        "// [Z] an action costs 1 MF to board, 2 to unload",
        "spent += ",
      ].join("\n    "),
    );
    for (const cite of ["// [X]", "// [Y]", "// [Z]"]) expect(price.split(cite)).toHaveLength(2);
    // The complex argument is bound once, and so is the value X.3 reads twice as `base`.
    expect(price).toMatch(/const arg_\d+: number = ctx\.unit\.leader \? 2 : 1;/);
    expect(price).toMatch(
      /const base_\d+: number = tf_terrain_cost\(ctx, s\.terrainCode\) \+ arg_\d+;/,
    );
    // The hop, which reads the terrain with `need`, stays under the caller's condition.
    expect(price).toMatch(/s\.terrain != null\s*\?[^]*missing\([^]*:\s*\(ctx\.scenario\.phase/);
  });

  it("cites a definition with neither parameters nor exceptions inlined too", async () => {
    const ir = inlineRuleset("inline");
    ir.id = "inline-plain";
    const step: Expr = { k: "rule", name: "step-cost", args: [] };
    const total = structuredClone(ir.rules.find((r) => r.name === "step-cost")!);
    Object.assign(total, {
      name: "total-cost",
      cite: "W",
      title: "a step's total: its cost plus a leader's ½ MF",
      concept: "total-cost",
      exceptions: [],
      value: bin("+", step, {
        k: "if",
        c: { k: "field", rec: "unit", name: "leader" },
        t: num("1/2"),
        e: num("0"),
      }),
    });
    ir.rules.push(total);
    ir.movement.cost = { k: "rule", name: "total-cost", args: [] };
    const text = await emitModule(ir);
    expect(text).not.toMatch(/function f_total_cost\b/);
    const price = /\nexport function price[^]*?\n}\n/.exec(text)![0];
    expect(price.split("// [W] a step's total: its cost plus a leader's ½ MF\n")).toHaveLength(2);
  });

  it("prices as the interpreter: each exception, base, NA, a call under a false condition", () => {
    const ir = variants[0]!;
    for (const c of cases()) {
      const want = interpreted(ir, c);
      const got = generated(ir, c);
      if (Number.isNaN(want)) expect(got, JSON.stringify(c)).toBeNaN();
      else expect(got, JSON.stringify(c)).toBe(want);
    }
    const one = (step: Step, o: Partial<Case> = {}): number =>
      generated(ir, { leader: false, broken: false, phase: "movement", path: [step], ...o });
    // The base value: woods 2 + the extra, ½ (a leader's 1); Y.1: a broken unit pays 4.
    expect(one({ terrain: "woods" })).toBe(2.5);
    expect(one({ terrain: "woods" }, { leader: true })).toBe(3);
    expect(one({ terrain: "woods" }, { broken: true })).toBe(4);
    // X.1: along a road only the extra, ½; X.1b, nested, reads X.1's value: a leader's 1 less ½.
    expect(one({ terrain: "woods", viaRoad: true })).toBe(0.5);
    expect(one({ terrain: "woods", viaRoad: true }, { leader: true })).toBe(0.5);
    // X.1a and X.2: not allowed.
    expect(one({ terrain: "rubble", viaRoad: true })).toBeNaN();
    expect(one({ terrain: "cliff" })).toBeNaN();
    // X.3 doubles its base: woods in the advance phase 2 × 2½.
    expect(one({ terrain: "woods" }, { phase: "advance" })).toBe(5);
    // An action step: the hop, which would fail on `need`, is not priced; Z.1 adds ½.
    expect(one({ action: "board" })).toBe(1);
    expect(one({ action: "unload" }, { phase: "advance" })).toBe(2.5);
  });

  it("leaves a function where inlining would compute a value that may fail, or write one twice", () => {
    const ir = variants[1]!;
    const text = texts.get(ir.id)!;
    for (const fn of ["f_hop_cost", "f_action_cost", "f_step_cost"])
      expect(text).toMatch(new RegExp(`function ${fn}\\b`));
    expect(text).not.toContain("// [X]");
    for (const c of cases()) {
      const want = interpreted(ir, c);
      const got = generated(ir, c);
      if (Number.isNaN(want)) expect(got, JSON.stringify(c)).toBeNaN();
      else expect(got, JSON.stringify(c)).toBe(want);
    }
    expect(
      generated(ir, {
        leader: false,
        broken: true,
        phase: "movement",
        path: [{ action: "board" }],
      }),
    ).toBe(2);
    const need = variants[2]!;
    const needText = texts.get(need.id)!;
    expect(needText).toMatch(/function f_action_cost\b/);
    expect(needText).not.toMatch(/function f_(hop|step)_cost\b/);
    for (const c of cases()) {
      const want = interpreted(need, c);
      const got = generated(need, c);
      if (Number.isNaN(want)) expect(got, JSON.stringify(c)).toBeNaN();
      else expect(got, JSON.stringify(c)).toBe(want);
    }
  });
});
