/**
 * One legality for pricing and reach (runtime/legal.ts): a small ruleset with a constraint of every
 * shape the search treats apart — on steps, local (asked once per kind of step) and positional (asked
 * per path); on the move, reading the hexes entered (asked once per search state), what was spent
 * (asked per path) and aggregates (part of the state: a count, and a minimum, whose value on the
 * empty path is also that of a one-step path, so a key one step on is known from a key only past the
 * start: profile.localKey); Minimum Move — searched on random small maps
 * and compared, hex by hex, with brute force: every simple path from the start priced by
 * `evaluateMove` over the same binding, the cheapest legal one kept. Were reach to decide a move's or
 * a step's legality otherwise than eval does, a hex would differ. Each is searched in rationals (the
 * general loop) and in integer ticks (test/reach/ticks.ts), where a probe without aggregates takes the
 * plain loop: both loops are held. test/reach/prunes.test.ts holds each prune of the search.
 *
 * The constraints never favour a longer path (what reach's search assumes, docs/maps.md): with one
 * that does (`path.hexes != 2`), the cheapest label of a search state can hide a dearer one whose
 * simple path avoids a hex the cheaper one crossed.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compileText } from "../../compiler/engine/index.js";
import { interpretedBinding } from "../../compiler/reach/binding.js";
import { reachProfile } from "../../compiler/reach/profile.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { bruteReach, gridGraph } from "./helpers.js";
import { tickBinding } from "./ticks.js";
import { evaluateMove } from "../../runtime/move.js";
import { reachOnMap } from "../../runtime/reach-map.js";
import { pathSteps } from "../../runtime/reach-steps.js";

const PROBE = `ruleset legal-probe "every shape of constraint reach tells apart"
  cites numbered

measure MP [1.1] "movement points"

enum terrain [1.2] "terrain" {
  open-ground "Open ground"
  woods "Woods"
  marsh "Marsh"
  brush "Brush"
}

input step [1.3] {
  terrain: terrain
}

input unit [1.4] {
  mp: MP
  bold: bool = false
  heavy: bool = false
  picky: bool = false
}

predicate may-minimum-move [1.5] "a bold unit may enter one hex whatever it costs"
  section special: unit.bold

movement [1.6] MP {
  allowance: unit.mp
  cost: 2 MP if step.terrain == woods else 1 MP
  minimum-move: may-minimum-move
}

constraint no-marsh [2.1] "no entering marsh (a local step constraint)"
  section terrain: step.terrain != marsh

constraint woods-early [2.2] "no woods after the third step (a positional step constraint)"
  section terrain: not (step.number > 3 and step.terrain == woods)

constraint three-hexes [2.3] "a move enters at most three hexes (the hexes entered)"
  section special: path.hexes <= 3

constraint spend-three [2.4] "a move spends at most 3 MP, Minimum Move or not (what was spent)"
  section special: path.spent <= 3 MP

constraint one-brush [2.5] "at most one brush hex on a move (an aggregate)"
  section special: count step (step.terrain == brush) <= 1

constraint picky-open [2.7] "a picky unit enters only open ground (a minimum over the steps)"
  section terrain: not unit.picky or min step (1 MP if step.terrain == open-ground else 0 MP) == 1 MP

constraint heavy-stays [2.6] "a heavy unit may not move (a constraint on the unit: it may still move none)"
  section special: not unit.heavy
`;

const COLS = 4;
const ROWS = 3;
const TERRAIN = ["open-ground", "open-ground", "woods", "marsh", "brush"];

describe("reach and eval share one legality", () => {
  const { ir, diagnostics } = compileText(PROBE, "legal-probe.rules");
  it("the probe ruleset compiles", () => {
    expect(diagnostics.filter((d) => d.severity === "error")).toEqual([]);
  });

  it("its aggregates read only their own step (the search asks a key once per key and kind of step)", () => {
    expect(reachProfile(ir!).localKey).toBe(true);
    const positional = compileText(
      PROBE.replace("min step (1 MP if", "min step (1 MP if step.number > 1 or"),
      "legal-probe.rules",
    ).ir!;
    expect(reachProfile(positional).localKey).toBe(false);
  });

  // Without the constraints read per path (positional on steps, what was spent), the constraints on
  // the move are asked once per search state: a state's key then decides legality too.
  const perState = compileText(
    PROBE.replace(/constraint woods-early[^\n]*\n[^\n]*\n/, "").replace(
      /constraint spend-three[^\n]*\n[^\n]*\n/,
      "",
    ),
    "legal-probe.rules",
  ).ir!;
  it("without the constraints read per path, the probe keeps the rest", () => {
    expect(perState.constraints.map((c) => c.name)).toEqual(
      ir!.constraints.map((c) => c.name).filter((c) => c !== "woods-early" && c !== "spend-three"),
    );
  });

  // An allowance the path lowers (a brush hex on it, the third hex entered): read through an
  // aggregate and the hexes entered, so the search asks it once per state less its hex.
  const lowered = (text: string) =>
    compileText(
      text.replace(
        "allowance: unit.mp",
        "allowance: max(0 MP, unit.mp - (1 MP if any step (step.terrain == brush) else 0 MP)" +
          " - (1 MP if path.hexes >= 3 else 0 MP))",
      ),
      "legal-probe.rules",
    ).ir!;
  const pathAllowance = lowered(PROBE);
  it("an allowance read through the aggregates and the hexes entered is one per search state", () => {
    expect(reachProfile(ir!).stateAllowance).toBe(false);
    expect(reachProfile(pathAllowance).stateAllowance).toBe(true);
    const bySteps = compileText(
      PROBE.replace("allowance: unit.mp", "allowance: unit.mp if path.steps < 3 else 0 MP"),
      "legal-probe.rules",
    ).ir!;
    expect(reachProfile(bySteps).pathAllowance).toBe(true);
    expect(reachProfile(bySteps).stateAllowance).toBe(false);
  });

  // Without aggregates either: numeric states, local costs and step checks, so in integer ticks the
  // search takes the plain loop (one label per state, Dial's queue).
  const plainShape = compileText(
    PROBE.replace(/constraint woods-early[^\n]*\n[^\n]*\n/, "")
      .replace(/constraint spend-three[^\n]*\n[^\n]*\n/, "")
      .replace(/constraint one-brush[^\n]*\n[^\n]*\n/, "")
      .replace(/constraint picky-open[^\n]*\n[^\n]*\n/, ""),
    "legal-probe.rules",
  ).ir!;
  it("without aggregates, the probe's profile is the plain loop's", () => {
    expect(plainShape.constraints.map((c) => c.name)).toEqual([
      "no-marsh",
      "three-hexes",
      "heavy-stays",
    ]);
    const p = reachProfile(plainShape);
    expect([p.aggregates.length, p.localCost, p.pathAllowance, p.localStepChecks]).toEqual([
      0,
      true,
      false,
      true,
    ]);
  });

  for (const [shape, rules] of [
    ["every constraint shape", ir!],
    ["constraints asked per state", perState],
    ["an allowance the path lowers", pathAllowance],
    ["the plain loop's shape", plainShape],
  ] as const)
    it(`reach = brute force over evaluateMove on random maps, ${shape}`, async () => {
      const ir = rules;
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.constantFrom(...TERRAIN), { minLength: COLS * ROWS, maxLength: COLS * ROWS }),
          fc.integer({ min: 0, max: COLS * ROWS - 1 }),
          fc.record({
            mp: fc.integer({ min: 0, max: 5 }),
            bold: fc.boolean(),
            heavy: fc.constantFrom(false, false, false, true),
            picky: fc.boolean(),
          }),
          async (terrain, from, unit) => {
            await new Promise((r) => setImmediate(r));
            const g = gridGraph("probe", COLS, ROWS, terrain);
            const p = parseScenario(JSON.stringify({ unit, path: [] }), "u.json", [ir!]);
            expect(p.diagnostics).toEqual([]);
            const b = interpretedBinding(ir!, p.perRuleset[0]!.value, unit);
            // In rationals (the general loop), and in integer ticks as a generated module searches
            // (the plain loop where the profile allows it, the tick heap otherwise).
            const answers = {
              rationals: reachOnMap(b, g, from),
              ticks: reachOnMap(tickBinding(ir!, b), g, from),
            };

            const best = bruteReach(g, from, unit.mp + 2, (path) => {
              const r = evaluateMove(
                b.model,
                b.num,
                b.prepare(pathSteps(g, path, b.resolve, b.stepFields)),
              );
              return { legal: r.legal, spent: r.spent, goOn: true };
            });
            const want: Record<string, number> = {};
            for (const [h, c] of best) want[g.names[h]!] = c;
            for (const [name, reached] of Object.entries(answers)) {
              const got: Record<string, number> = {};
              for (let h = 0; h < g.n; h++)
                if (!Number.isNaN(reached.cost[h])) got[g.names[h]!] = reached.cost[h]!;
              const where = JSON.stringify({ terrain, from: g.names[from], unit });
              expect(got, `${name} ${where}`).toEqual(want);
            }
          },
        ),
        { seed: 20261125, numRuns: 150 },
      );
    });
});
