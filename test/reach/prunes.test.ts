/**
 * A counter-test per prune of reach's search (runtime/reach.ts, both loops), asked of the one
 * composition of legality (runtime/legal.ts): a probe ruleset (test/fixtures/reach/prunes/probe.rules)
 * and its variants, searched in rationals (the general loop's binary heap) and in integer ticks (the
 * plain loop where the profile allows it, the tick heap otherwise), must
 * - reach what brute force finds: every simple path priced by `evaluateMove`, the cheapest legal one
 *   kept per hex (a prune that cuts a path eval finds legal loses a hex, or raises its cost);
 * - create no label a prune rules out: none below a move whose allowance is NA (`expands`), none whose
 *   path has a step eval finds costing NA, halting the unit or breaking a constraint on steps
 *   (`judgeStep` per edge, or the kinds of step that fail a local check, never entered), none that
 *   enters a second hex or more beyond its allowance (`mayGoOn`: only a first hex, by Minimum Move).
 *   A prune removed leaves the answer right, but creates such labels.
 * The inputs each prune was once broken on are kept in test/fixtures/reach/prunes/cases.json (each
 * names the prune it holds); seeded random maps add more.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { evaluateMove } from "../../runtime/move.js";
import { searchReach, type ReachSearch } from "../../runtime/reach.js";
import type { PlainStep, ReachBinding } from "../../runtime/reach-steps.js";
import type { MoveContext } from "../../runtime/types.js";
import { bruteReach, gridGraph, ROOT } from "./helpers.js";
import { tickBinding } from "./ticks.js";

const DIR = join(ROOT, "test", "fixtures", "reach", "prunes");
const PROBE = readFileSync(join(DIR, "probe.rules"), "utf8");
const TERRAIN = ["open-ground", "woods", "marsh", "brush", "rubble"] as const;

/** The probe's variants: each turns on what sends the search down another path. */
const VARIANTS: Record<string, (text: string) => string> = {
  // Numeric states, local costs and step checks: the plain loop in ticks.
  plain: (t) => t,
  // A step constraint that depends on where the step stands: asked per edge and per path.
  positional: (t) =>
    t +
    `\nconstraint woods-early [2.4] "no woods after the second step (where the step stands)"\n` +
    `  section terrain: not (step.number > 2 and step.terrain == woods)\n`,
  // Rubble halts the unit unless its allowance carries it past what the steps before it cost.
  halting: (t) =>
    t.replace(
      "  minimum-move: may-minimum-move\n",
      "  minimum-move: may-minimum-move\n  halt-at: rubble-halts\n",
    ) +
    `\npredicate rubble-halts [2.5] "rubble halts a unit its allowance does not carry past it"\n` +
    `  section terrain: step.terrain == rubble\n`,
  // One MP short of the unit's: a unit with none has an allowance below zero (bold, it may still
  // enter one hex by Minimum Move, as from any allowance).
  deficit: (t) => t.replace("  allowance: unit.mp\n", "  allowance: unit.mp - 1 MP\n"),
  // A gun may not move at all: its allowance is NA.
  "na-allowance": (t) =>
    t
      .replace("  heavy: bool = false\n", "  heavy: bool = false\n  gun: bool = false\n")
      .replace("  allowance: unit.mp\n", "  allowance: NA if unit.gun else unit.mp\n"),
};

interface Case {
  /** The prune this input once caught broken (or removed). */
  prune: string;
  variant: keyof typeof VARIANTS;
  cols: number;
  rows: number;
  /** Column-major, as `gridGraph` reads it. */
  terrain: string[];
  from: string;
  unit: Record<string, unknown>;
}
const CASES = JSON.parse(readFileSync(join(DIR, "cases.json"), "utf8")) as Case[];

const irs = new Map<string, RulesetIR>();
function irOf(variant: string): RulesetIR {
  let ir = irs.get(variant);
  if (ir === undefined) {
    const { ir: got, diagnostics } = compileText(VARIANTS[variant]!(PROBE), "prune-probe.rules");
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    irs.set(variant, (ir = got!));
  }
  return ir;
}

type AnyBinding = ReachBinding<unknown, MoveContext<unknown>>;

/** The search of `b` from `from` on a grid of `terrain`, run directly (its labels are read). */
function search(
  b: AnyBinding,
  cols: number,
  rows: number,
  terrain: readonly string[],
  from: number,
): ReachSearch<unknown> {
  const g = gridGraph("probe", cols, rows, terrain);
  const kinds = [...new Set(terrain)];
  const ctx = b.prepare(kinds.map((t): PlainStep => ({ terrain: t })));
  const steps = ctx.path.slice();
  const slotStep = new Int32Array(6 * g.n).fill(-1);
  for (let slot = 0; slot < 6 * g.n; slot++) {
    const next = g.adj[slot]!;
    if (next >= 0) slotStep[slot] = kinds.indexOf(terrain[next]!);
  }
  return searchReach(b.model, b.num, ctx, { n: g.n, adj: g.adj, slotStep, steps }, from, b.profile);
}

/** Everything both checks read of one input, under one binding. */
function check(
  b: AnyBinding,
  c: Omit<Case, "prune" | "variant">,
  where: string,
): { plain: boolean } {
  const g = gridGraph("probe", c.cols, c.rows, c.terrain);
  const from = g.names.indexOf(c.from);
  const found = search(b, c.cols, c.rows, c.terrain, from);
  const price = (hexes: readonly number[]) =>
    evaluateMove(
      b.model,
      b.num,
      b.prepare(hexes.slice(1).map((h): PlainStep => ({ terrain: c.terrain[h]! }))),
    );
  // The answer: brute force over evaluateMove.
  const mp = Number(c.unit["mp"] ?? 0);
  const best = bruteReach(g, from, Math.max(mp, 0) + 3, (path) => {
    const r = price(path);
    return { legal: r.legal, spent: r.spent, goOn: true };
  });
  const got: Record<string, number> = {};
  for (const l of found.reached)
    got[g.names[found.labelHex[l]!]!] = b.num.toNumber(found.labelCost[l]);
  const want: Record<string, number> = {};
  for (const [h, cost] of best) want[g.names[h]!] = cost;
  expect(got, `${where}: reach = brute force`).toEqual(want);
  // The work: no label a prune rules out.
  for (let l = 0; l < found.labels; l++) {
    const hexes: number[] = [];
    for (let k = l; k >= 0; k = found.labelParent[k]!) hexes.unshift(found.labelHex[k]!);
    if (hexes.length === 1) continue;
    const r = price(hexes);
    const path = hexes.map((h) => g.names[h]).join(" ");
    expect(Number.isNaN(r.allowance), `${where}: label ${path} below an NA allowance`).toBe(false);
    expect(
      r.violations.filter((v) => v.step !== undefined),
      `${where}: label ${path} has a step a prune rules out`,
    ).toEqual([]);
    const over = r.spent > (r.allowance as number);
    expect(
      over && hexes.length > 2,
      `${where}: label ${path} enters a second hex beyond its allowance`,
    ).toBe(false);
  }
  return { plain: found.labelOrder !== null };
}

function bindings(variant: string, unit: Record<string, unknown>): [string, AnyBinding, boolean][] {
  const ir = irOf(variant);
  const p = parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [ir]);
  expect(p.diagnostics).toEqual([]);
  const rats = interpretedBinding(ir, p.perRuleset[0]!.value, unit);
  const ticks = tickBinding(ir, rats);
  // The same ticks, made to take the tick heap: a key (one state per hex count) sends it there.
  const heap = tickBinding(ir, rats, { key: () => "" });
  return [
    ["rationals", rats as unknown as AnyBinding, false],
    ["ticks", ticks as unknown as AnyBinding, variant === "plain" && Number(unit["mp"]) >= 0],
    ["ticks, heap", heap as unknown as AnyBinding, false],
  ];
}

describe("every prune of reach's search holds, in both loops", () => {
  it("the probe's variants compile, and the plain one takes the plain loop in ticks", () => {
    for (const v of Object.keys(VARIANTS)) irOf(v);
    const [, [, ticks]] = bindings("plain", { mp: 3 });
    expect(
      check(
        ticks!,
        {
          cols: 2,
          rows: 2,
          terrain: ["open-ground", "open-ground", "woods", "open-ground"],
          from: "A1",
          unit: { mp: 3 },
        },
        "plain",
      ).plain,
    ).toBe(true);
  });

  for (const c of CASES)
    it(`${c.prune}: ${c.variant} from ${c.from} with ${JSON.stringify(c.unit)}`, () => {
      for (const [name, b, plain] of bindings(c.variant, c.unit)) {
        const r = check(b, c, `${c.prune} (${name})`);
        if (plain) expect(r.plain, `${name} takes the plain loop`).toBe(true);
      }
    });

  for (const variant of Object.keys(VARIANTS))
    it(`random maps, ${variant}`, () => {
      fc.assert(
        fc.property(
          fc.array(fc.constantFrom(...TERRAIN, "open-ground", "open-ground"), {
            minLength: 12,
            maxLength: 12,
          }),
          fc.integer({ min: 0, max: 11 }),
          fc.record({
            mp: fc.integer({ min: 0, max: 4 }),
            bold: fc.boolean(),
            heavy: fc.constantFrom(false, false, false, true),
            ...(variant === "na-allowance" ? { gun: fc.boolean() } : {}),
          }),
          (terrain, from, unit) => {
            const g = gridGraph("probe", 4, 3, terrain);
            const c = { cols: 4, rows: 3, terrain, from: g.names[from]!, unit };
            for (const [name, b] of bindings(variant, unit))
              check(b, c, `${variant} (${name}) ${JSON.stringify(c)}`);
          },
        ),
        { seed: 20261129, numRuns: 60 },
      );
    });
});
