/**
 * `prepareBuilt` (compiler/interpret/interpreter.ts), the diff search's way into the interpreter:
 * records built as the evaluator reads them, filled in place, must make the context `prepare` makes
 * of the same scenario — defaults applied, absent optional fields null, an implied vehicle — for
 * every bundled scenario and ruleset (one filling, two entries).
 */

import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { RulesetIR, ScenarioValue, Value } from "../../compiler/ir/ir.js";
import { vehicleActions } from "../../compiler/ir/name-resolver.js";
import { valueOf, type ValueRecord } from "../../compiler/interpret/eval.js";
import { prepare, prepareBuilt } from "../../compiler/interpret/interpreter.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { dict } from "../../compiler/util/dict.js";
import { load, ROOT } from "../diff/helpers.js";

const IDS = ["sl-classic", "sqla-31", "asl-a4", "tide-of-iron", "chain-of-command"];
const SCENARIOS = readdirSync(join(ROOT, "scenarios")).filter((f) => f.endsWith(".json"));

/** The scenario's records as the evaluator reads them, only the fields it gives. */
const built = (sv: ScenarioValue) => {
  const rec = (r: Record<string, Value>): ValueRecord =>
    dict(Object.entries(r).map(([k, v]) => [k, valueOf(v)] as const));
  return {
    unit: rec(sv.unit),
    vehicle: sv.vehicle ? rec(sv.vehicle) : null,
    scenario: rec(sv.scenario),
    path: sv.path.map(rec),
  };
};

/** The scenario with every other field of each record left out (for `prepare` to fill). */
const sparse = (sv: ScenarioValue): ScenarioValue => {
  const half = (r: Record<string, Value>) => dict(Object.entries(r).filter((_, i) => i % 2 === 1));
  return {
    ...sv,
    unit: half(sv.unit),
    vehicle: sv.vehicle ? half(sv.vehicle) : null,
    scenario: half(sv.scenario),
    path: sv.path.map(half),
  };
};

/** The scenario's steps boarding a vehicle it does not give (a vehicle implied), where it can. */
const boarding = (ir: RulesetIR, sv: ScenarioValue): ScenarioValue | null => {
  const board = vehicleActions(ir)[0];
  const action = ir.inputs
    .find((i) => i.rec === "step")
    ?.fields.find((f) => f.name === "action")?.type;
  if (board === undefined || action?.t !== "enum") return null;
  const step = dict<Value>([["action", { v: "member", enum: action.name, name: board }]]);
  return { ...sv, vehicle: null, path: [step] };
};

describe("prepareBuilt fills built records as prepare fills a scenario", () => {
  for (const id of IDS)
    it(id, () => {
      const ir = load(id);
      let compared = 0;
      let implied = 0;
      for (const file of SCENARIOS) {
        const text = readFileSync(join(ROOT, "scenarios", file), "utf8");
        const parsed = parseScenario(text, file, [ir]).perRuleset[0]?.value;
        // Built records have neither a fixed roll nor fields given as unknown.
        if (parsed === undefined || (parsed.unknown ?? []).length > 0) continue;
        const full = { ...parsed, roll: undefined };
        const board = boarding(ir, full);
        for (const sv of [full, sparse(full), ...(board ? [board] : [])]) {
          const { ctx } = prepare(ir, sv);
          expect({ file, ctx: prepareBuilt(ir, built(sv)) }).toEqual({ file, ctx });
          compared++;
          if (sv.vehicle === null && ctx.vehicle !== null) implied++;
        }
      }
      expect(compared).toBeGreaterThan(6);
      // A ruleset with a boarding action implies a vehicle for a step that takes it.
      if (vehicleActions(ir).length > 0) expect(implied).toBeGreaterThan(0);
    });
});
