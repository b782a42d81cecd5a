/**
 * Examples that place several units (`stack HEX { … }`, docs/language.md "Examples of several
 * units"), run as `variorum reach --all` runs a map's units (units.ts `buildUnitsReach`: each unit
 * searched alone, then per hex the units that can end there and the ruleset's stacking limit) — no
 * second stacking model. What this adds to an example: its map (the smallest rectangle from A1 that
 * holds its stacks, every hex open ground, as a map file would say it), and possession: each weapon
 * listed in a stack goes to the first unit beneath it for which the ruleset's `possesses` predicate
 * holds (ASL A4.43), its fields (quantities: PP) added to that unit's before the unit is placed.
 */
import type { Span } from "../../diagnostics/index.js";
import { isEvaluationFault } from "../../runtime/errors.js";
import { parseHexName } from "../../runtime/hex.js";
import { Rat } from "../../runtime/rational.js";
import type { DistributionSummary } from "../../runtime/types.js";
import type { ExampleDef, ExampleCounter, RulesetIR, Value } from "../ir/ir.js";
import { sameValue, show, type ExampleResult } from "../interpret/examples.js";
import { interpreterFor, prepare } from "../interpret/interpreter.js";
import type { ValidMap } from "../map/parse.js";
import type { PlacedAt } from "../map/units.js";
import { POSSESSES } from "../front/check/stacks.js";
import { buildUnitsReach, type UnitsRulesetResult } from "./units.js";
import { dict } from "../util/dict.js";

/** The terrain of every hex of an example's map: the maps' own word, resolved per ruleset (docs/maps.md). */
export const EXAMPLE_TERRAIN = "open-ground";

/** Runs example `ex` (one with `counters`): every expectation compared exactly. */
export function runStackExample(ir: RulesetIR, ex: ExampleDef, span: Span | null): ExampleResult {
  const failures: string[] = [];
  let invalid = false;
  const done = (): ExampleResult => ({
    cite: ex.cite,
    title: ex.title,
    passed: failures.length === 0,
    invalid,
    overflow: false,
    failures,
    span,
  });
  const counters = ex.counters ?? [];
  let units: Map<string, Record<string, Value>>;
  try {
    const held = possess(ir, ex, counters);
    if ("problem" in held) {
      failures.push(held.problem);
      return done();
    }
    units = held.units;
  } catch (e) {
    if (!isEvaluationFault(e)) throw e;
    invalid = true;
    failures.push(e.message);
    return done();
  }
  const phase = ex.input.scenario["phase"];
  const built = buildUnitsReach({
    map: exampleMap(ir, counters, units),
    mapText: "",
    mapFile: `${ex.origin.ruleset}.rules`,
    phase: phase?.v === "member" && phase.name === "advance" ? "advance" : "movement",
    side: "friendly",
    rulesets: [ir],
    // An example's expectations read no default a unit's answer turns on: not worked out.
    assumed: false,
  });
  for (const d of built.diagnostics) if (d.severity === "error") failures.push(d.message);
  const r = built.report.results[0]!;
  for (const n of r.notPlaced) failures.push(`${n.name} is not moved: ${n.reason}`);
  if (failures.length > 0) {
    invalid = true;
    return done();
  }
  for (const x of ex.expect) {
    if (x.e === "stack") {
      const got = withinLimit(r, x.hex);
      if (got === null)
        failures.push(
          `expected stack ${x.hex} ${x.want ? "" : "not "}legal, but ${ir.id} gives no stacking limit`,
        );
      else if (got !== x.want) {
        const h = r.hexes[x.hex];
        const counts = h?.counts
          ? ` (${Object.entries(h.counts)
              .map(([k, v]) => `${k} ${v}`)
              .join(", ")})`
          : "";
        failures.push(
          `expected stack ${x.hex} ${x.want ? "within" : "over"} the stacking limit, but ${h?.units.join(", ") ?? "no unit"}${counts} ${got ? "are within it" : "are over it"}`,
        );
      }
    } else if (x.e === "member") {
      const u = r.units.find((v) => v.name === x.unit);
      if (u === undefined) {
        failures.push(`${x.unit} is not moved`);
        continue;
      }
      if (x.what === "allowance" || x.what === "reaches") {
        const got = x.what === "reaches" ? u.reaches : u.allowance;
        if (!sameNumber(got, x.want))
          failures.push(`expected ${x.unit}.${x.what} = ${show(x.want)}, got ${shown(got)}`);
      } else {
        const got = fieldOf(ir, units.get(x.unit)!, x.what);
        if (got === null || !sameValue(got, x.want))
          failures.push(
            `expected ${x.unit}.${x.what} = ${show(x.want)}, got ${got === null ? "none" : show(got)}`,
          );
      }
    }
  }
  return done();
}

/** Whether the units that can end in `hex` are within the limit (true where none can); null: no limit. */
function withinLimit(r: UnitsRulesetResult, hex: string): boolean | null {
  if (r.stacking === null) return null;
  return r.hexes[hex]?.withinLimit ?? true;
}

function sameNumber(got: number | DistributionSummary | null, want: Value): boolean {
  if (typeof got !== "number" || want.v !== "num") return false;
  return Rat.parse(want.q).toNumber() === got;
}

function shown(got: number | DistributionSummary | null): string {
  if (got === null) return "none";
  return typeof got === "number" ? String(got) : `a distribution (mean ${got.mean})`;
}

/**
 * Each unit's fields once it holds the weapons it possesses: a weapon goes to the first unit listed
 * beneath it in its hex for which `possesses` holds, and adds each of its fields to that unit's
 * (the unit's own value, or the field's default). A weapon no unit beneath possesses is a failure.
 */
function possess(
  ir: RulesetIR,
  ex: ExampleDef,
  counters: readonly ExampleCounter[],
): { units: Map<string, Record<string, Value>> } | { problem: string } {
  const units = new Map<string, Record<string, Value>>();
  for (const c of counters) if (!c.weapon) units.set(c.name, { ...c.fields });
  const rule = ir.rules.find((r) => r.name === POSSESSES && r.params.length === 0);
  for (let i = 0; i < counters.length; i++) {
    const w = counters[i]!;
    if (!w.weapon) continue;
    const holder = counters
      .slice(i + 1)
      .find(
        (c) =>
          !c.weapon &&
          c.hex === w.hex &&
          rule !== undefined &&
          interpreterFor(ir).ev.rule(rule, context(ir, ex, units.get(c.name)!), null, []) === true,
      );
    if (holder === undefined)
      return { problem: `no unit beneath weapon ${w.name} in ${w.hex} possesses it` };
    const fields = units.get(holder.name)!;
    for (const [name, v] of Object.entries(w.fields)) {
      const mine = fieldOf(ir, fields, name);
      if (v.v !== "num" || mine?.v !== "num") continue; // the checker allows quantities only
      fields[name] = { v: "num", q: Rat.parse(mine.q).add(Rat.parse(v.q)).toString() };
    }
  }
  return { units };
}

/** The interpreter's context for one unit of the example (its fields, the example's scenario). */
function context(ir: RulesetIR, ex: ExampleDef, unit: Record<string, Value>) {
  return prepare(ir, { unit, vehicle: null, scenario: ex.input.scenario, path: [] }).ctx;
}

/** Field `name` of a unit: its own value, else the input's default; null when neither. */
function fieldOf(ir: RulesetIR, unit: Record<string, Value>, name: string): Value | null {
  if (Object.hasOwn(unit, name)) return unit[name]!;
  const f = ir.inputs.find((i) => i.rec === "unit")?.fields.find((x) => x.name === name);
  return f?.default ?? null;
}

/** The example's map: A1 to the farthest stack, open ground, its units placed in stack order. */
function exampleMap(
  ir: RulesetIR,
  counters: readonly ExampleCounter[],
  units: ReadonlyMap<string, Record<string, Value>>,
): ValidMap {
  let columns = 1;
  let rows = 1;
  const placed: Record<string, PlacedAt[]> = dict();
  const json = new Map(
    (ir.inputs.find((i) => i.rec === "unit")?.fields ?? []).map((f) => [f.name, f.json]),
  );
  for (const c of counters) {
    const at = parseHexName(c.hex)!;
    columns = Math.max(columns, at.col + 1);
    rows = Math.max(rows, at.row + 1);
    if (c.weapon) continue;
    const unit: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(units.get(c.name)!)) {
      const j = json.get(name) ?? name;
      if (v.v === "num") unit[j] = Rat.parse(v.q).toNumber();
      else if (v.v === "bool") unit[j] = v.b;
      else if (v.v === "member") unit[j] = v.name;
      else if (v.v === "set") unit[j] = v.members;
    }
    (placed[c.hex] ??= []).push({ name: c.name, side: "friendly", unit, offset: 0, length: 0 });
  }
  return {
    name: "example",
    columns,
    rows,
    terrain: { default: EXAMPLE_TERRAIN },
    units: placed,
  };
}
