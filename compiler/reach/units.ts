/**
 * Several units on one map (`variorum reach RULESETS MAP --all [--side enemy]`, docs/maps.md "Several
 * units"): per ruleset, every unit the map places on the side asked is searched alone — the existing
 * single-unit search (runtime/reach-map.ts `reachOnMap` through `interpretedBinding`), once per unit,
 * so the answer stays exact and its cost grows linearly with the units — and each hex gets the units
 * that can end their move there, how many, and whether the ruleset's stacking limit lets them all end
 * there together.
 *
 * The other side's units hold their hexes: for the search they are the map's `enemy` occupant (unless
 * the map's `enemy` says who holds the hex), as a scenario's `step.enemy` — per ruleset, what its
 * `holds-as` rule says one unit alone holds its hex as (ASL A4.15: a lone SMC, which an MMC may
 * overrun), and `units` for a hex of several units or a ruleset without the rule (`occupantOf`).
 * A unit whose `with` names a leader in its hex moves with him as one stack (stacks.ts).
 *
 * Stacking is read from the ruleset (docs/language.md, "Stacking"): a predicate whose every parameter
 * P has a rule `stacks-as-P` is the limit; it is asked with, per P, the sum over the units in a hex of
 * `stacks-as-P` asked of each unit (SL 6.1: `within-stacking(infantry, mmcs, pp)` with `stacks-as-infantry`,
 * `stacks-as-mmcs`, `stacks-as-pp`). A ruleset with `stacks-as-…` rules and no limit counts without
 * judging; one with neither says so: "no stacking limit in the bundled text".
 */
import { SourceFile, type Diagnostic } from "../../diagnostics/index.js";
import { buildGraph, indexOf, type MapGraph } from "../../runtime/map.js";
import type { ValidMap } from "../map/parse.js";
import type { PlacedAt } from "../map/units.js";
import { reachOnMap } from "../../runtime/reach-map.js";
import { isEvaluationFault, MissingInput } from "../../runtime/errors.js";
import { Rat } from "../../runtime/rational.js";
import { report } from "../../diagnostics/messages.js";
import type { DistributionSummary } from "../../runtime/types.js";
import { interpreterFor, prepare } from "../interpret/interpreter.js";
import type { RuleDef, RulesetIR, ScenarioValue } from "../ir/ir.js";
import { scenarioOfValue, type JsonValue } from "../scenario/stages.js";
import { interpretedBinding } from "./binding.js";
import { missingAction } from "./action.js";
import { stackReach, withLeader, type StackMember } from "./stacks.js";
import { STACKS_AS } from "../front/check/stacks.js";
import { floorChangeNote } from "./floors.js";
import { MAX_REACH_CASES, perPart, perValue, valueCount, type PerValue } from "./per-value.js";
import type { GivenValue } from "../../runtime/cases.js";

/** The prefix of a ruleset's per-unit stacking counts (`stacks-as-infantry`): the checker's. */
export { STACKS_AS };

/** The unit field that says it rides the vehicle in its hex (`startsAboard`). */
const ABOARD = "unit.aboard";

/** The rule that says what one unit, alone in its hex, holds the hex as for the other side (`step.enemy`). */
export const HOLDS_AS = "holds-as";

export interface UnitsRequest {
  map: ValidMap;
  /** The map's text and file name: diagnostics about a placed unit are located there. */
  mapText: string;
  mapFile: string;
  phase: "movement" | "advance";
  side: "friendly" | "enemy";
  rulesets: readonly RulesetIR[];
  /**
   * Name, per unit, the defaults its answer turns on (`UnitsUnit.assumed`, which takes evaluations
   * and at times searches of their own): on unless false. A stack example (examples.ts) compares
   * allowances, hexes reached and stacks, none of which it changes, and leaves it off.
   */
  assumed?: boolean;
}

/** One unit of the side, as a ruleset moves it. */
export interface UnitsUnit {
  name: string;
  hex: string;
  unit: Record<string, unknown>;
  /** Its allowance from where it stands (a distribution for a dice ruleset without a fixed roll). */
  allowance: number | DistributionSummary | null;
  /** How many hexes it can end its move in (its own included; under some value, with `dependsOn`). */
  reaches: number;
  /**
   * The fields it leaves to their default whose value changes its answer (its allowance or the hexes
   * it can end in), each with the default assumed, as the single-unit reach says them
   * (`ReachRulesetResult.assumed`: "assuming no unit.leader (the default)").
   */
  assumed?: Record<string, GivenValue>;
  /** Its fields given as unknown that its answer turns on (searched once per value). */
  dependsOn?: string[];
  /** With `dependsOn`: per case, the values it holds for, its allowance and the hexes it can end in. */
  cases?: {
    given: Record<string, GivenValue[]>;
    allowance: number | DistributionSummary | null;
    reaches: number;
  }[];
}

export interface UnitsHex {
  /** How many of the side's units can end their move here. */
  count: number;
  /** Their names, in map order. */
  units: string[];
  /** Per `stacks-as-P` rule: the sum over those units (absent when the ruleset counts nothing). */
  counts?: Record<string, number>;
  /** The stacking limit lets them all end here (true/false); null: the text gives no limit. */
  withinLimit: boolean | null;
  /**
   * Units of `units` with fields given as unknown that end here only under some of their values:
   * per unit, the values (each a product, as a case's `given`) under which it can. The counts and
   * the limit count such a unit as ending here.
   */
  depends?: Record<string, Record<string, GivenValue[]>[]>;
}

export interface UnitsRulesetResult {
  ruleset: string;
  title: string;
  measure: string;
  /** The stacking limit: the predicate's citation and paraphrase, or null with `stackingNote`. */
  stacking: { rule: string; cite: string; title: string } | null;
  /** Said when there is no limit: "no stacking limit in the bundled text" (and what it counts). */
  stackingNote?: string;
  /** The side's units this ruleset moves. */
  units: UnitsUnit[];
  /** The side's units it cannot move, with why (a kind it has no member for, a value it refuses). */
  notPlaced: { name: string; hex: string; reason: string }[];
  notApplicable: string[];
  /** Hexes where at least one unit can end its move, in map order. */
  hexes: Record<string, UnitsHex>;
  /** The hexes where the limit does not let every unit that can end there do so. */
  overLimit: string[];
}

export interface UnitsReport {
  map: string;
  side: "friendly" | "enemy";
  phase: string;
  results: UnitsRulesetResult[];
}

/** The report, and located warnings (a unit missing the action its moves need). */
export function buildUnitsReach(req: UnitsRequest): {
  report: UnitsReport;
  /** The map's graph, the other side's units holding their hexes (as the search saw it). */
  graph: MapGraph;
  diagnostics: Diagnostic[];
} {
  const diagnostics: Diagnostic[] = [];
  const placed: { hex: string; p: PlacedAt }[] = [];
  const others: Record<string, PlacedAt[]> = {};
  for (const [hex, list] of Object.entries(req.map.units ?? {}))
    for (const p of list) {
      if (p.side === req.side) placed.push({ hex, p });
      else (others[hex] ??= []).push(p);
    }
  const held = (occupant: (hex: string, units: PlacedAt[]) => string) =>
    buildGraph({
      ...req.map,
      enemy: {
        ...Object.fromEntries(Object.entries(others).map(([h, l]) => [h, occupant(h, l)])),
        ...(req.map.enemy ?? {}),
      },
    });
  // The drawing's graph: every hex of the other side is held; the search's is per ruleset (below).
  const graph = held(() => "units");
  // Map order (column-major), then the hex's own order: reports list units as the map reads.
  placed.sort((a, b) => indexOf(graph, a.hex) - indexOf(graph, b.hex));
  const src = new SourceFile(req.mapFile, req.mapText);

  const results = req.rulesets.map((ir): UnitsRulesetResult => {
    const model = interpreterFor(ir);
    const stacking = stackingOf(ir);
    const board = holdsAs(ir) === undefined ? graph : held((_, l) => occupantOf(ir, l, req.phase));
    const units: UnitsUnit[] = [];
    const notPlaced: UnitsRulesetResult["notPlaced"] = [];
    const na = new Set<string>();
    const hexUnits: number[][] = Array.from({ length: graph.n }, () => []);
    const shares: Rat[][] = [];
    const contexts: ReturnType<typeof prepare>["ctx"][] = [];
    const searched: (StackMember & { p: PlacedAt })[] = [];
    /** Per searched unit with fields given as unknown: its answer per value. */
    const splits = new Map<number, PerValue<ReturnType<typeof reachOnMap>>>();
    let warned = false;
    for (const { hex, p: placedUnit } of placed) {
      const p = withLeader(
        ir,
        placedUnit,
        placed.filter((x) => x.hex === hex).map((x) => x.p),
      );
      if ("reason" in p) {
        // Never a silent stack: located at the unit whose `with` names no leader in its hex.
        notPlaced.push({ name: placedUnit.name, hex, reason: p.reason });
        diagnostics.push(
          report(
            "V1105",
            p.problem,
            src.span(placedUnit.offset, placedUnit.offset + placedUnit.length),
            {
              ruleset: ir.id,
              unit: placedUnit.name,
              with: placedUnit.with!,
              kind: p.problem === "notLeader" ? p.kind : "",
            },
          ),
        );
        continue;
      }
      const read = readPlaced(ir, p, req.phase);
      if ("reason" in read) {
        notPlaced.push({ name: p.name, hex, reason: read.reason });
        continue;
      }
      // A field a rule need()s that this unit leaves out (or a value beyond the exact range): V0903
      // with eval's words, at the unit as the map places it; the answer is then refused. A field
      // only its stacking counts need leaves the unit not placed, with the reason.
      const at = src.span(p.offset, p.offset + p.length);
      // Fields given as unknown: searched once per value (per-value.ts), a bounded product, a unit
      // moving alone (a stack's members are priced along one another's paths, each one unit).
      const unknown = read.value.unknown ?? [];
      const inStack = p.with !== undefined || placed.some((o) => o.p.with === p.name);
      const values = valueCount(ir, unknown);
      const refusal =
        unknown.length === 0
          ? null
          : "notFinite" in values
            ? `\`${values.notFinite}\` is given as unknown and takes any number: give it (reach searches once per value of a field with a few values)`
            : values.count > MAX_REACH_CASES
              ? `its fields given as unknown (${unknown.join(", ")}) take ${values.count} combinations of values, more than the ${MAX_REACH_CASES} searched`
              : inStack
                ? `it moves in a stack, and ${unknown.join(", ")} is given as unknown: a stack is searched for units whose fields are all known`
                : null;
      if (refusal !== null) {
        notPlaced.push({ name: p.name, hex, reason: refusal });
        continue;
      }
      let ctx: ReturnType<typeof prepare>["ctx"];
      let share: Rat[] | { reason: string };
      let binding: ReturnType<typeof interpretedBinding> | null = null;
      let a: ReturnType<typeof reachOnMap> | null = null;
      let split: PerValue<ReturnType<typeof reachOnMap>> | null = null;
      try {
        const c = (ctx = prepare(ir, read.value).ctx);
        share = counted(
          () => stacking.counts.map((r) => model.ev.rule(r, c, null, []) as Rat),
          unknown,
        );
        if (Array.isArray(share)) {
          binding = interpretedBinding(ir, read.value, p.unit);
          const first = binding;
          // A vehicle in the hex: whether the unit rides it is read by the search (it gets off
          // first); none: the unit cannot be aboard, and `aboard` is never assumed.
          const vehicleHere = board.vehicles[indexOf(board, hex)] != null;
          split = perValue(
            ir,
            read.value,
            (b) =>
              reachOnMap(
                b === read.value ? first : interpretedBinding(ir, b, p.unit),
                board,
                hex,
                startsAboard(b),
              ),
            // One case where the allowance and the hexes reached agree.
            (x) => [x.allowance, x.distribution, reachable(x)],
            // The defaults its answer turns on are named, as the single-unit search names them.
            req.assumed !== false && {
              aboard: startsAboard(read.value),
              ...(vehicleHere ? { alsoReads: [ABOARD] } : { ignore: [ABOARD] }),
            },
          );
          a = split.cases[0]!.answer;
        }
      } catch (e) {
        if (!isEvaluationFault(e)) throw e;
        diagnostics.push(report("V0903", "evaluation", at, { ruleset: ir.id, fault: e.message }));
        continue;
      }
      if (!Array.isArray(share)) {
        notPlaced.push({ name: p.name, hex, reason: share.reason });
        continue;
      }
      if (binding === null || a === null) continue; // searched whenever the counts were
      for (const x of read.notApplicable) na.add(x);
      for (const x of a.notApplicable) na.add(x);
      searched.push({ binding, answer: a, p });
      const allowanceOf = (x: ReturnType<typeof reachOnMap>) =>
        x.distribution ?? (Number.isNaN(x.allowance) ? null : x.allowance);
      const unitResult: UnitsUnit = {
        name: p.name,
        hex,
        unit: p.unit,
        allowance: allowanceOf(a),
        reaches: 0,
      };
      if (split !== null && split.assumed.length > 0)
        unitResult.assumed = Object.fromEntries(split.assumed.map((x) => [x.field, x.value]));
      if (split !== null && unknown.length > 0) {
        const cases = split.cases;
        for (const x of cases.slice(1)) for (const n of x.answer.notApplicable) na.add(n);
        if (
          cases.some(
            (c) => JSON.stringify(allowanceOf(c.answer)) !== JSON.stringify(unitResult.allowance),
          )
        )
          unitResult.allowance = null;
        if (split.dependsOn.length > 0) {
          unitResult.dependsOn = split.dependsOn;
          unitResult.cases = cases.map((c) => ({
            given: c.given,
            allowance: allowanceOf(c.answer),
            reaches: reachable(c.answer).filter((x) => x).length,
          }));
        }
        splits.set(searched.length - 1, split);
      }
      units.push(unitResult);
      // Starting in a building, it could change floor first, which reach does not search (V1121).
      const floors = startsAboard(read.value) ? null : floorChangeNote(ir, req.map, hex, at);
      if (floors !== null) diagnostics.push(floors);
      contexts.push(ctx);
      shares.push(share);
      if (!warned && reachable(a).filter((x) => x).length === 1) {
        const w = missingAction(ir, read.value, p.name, at);
        if (w !== null) {
          diagnostics.push(w);
          warned = true;
        }
      }
    }

    // Where each unit may end: alone, or where its stack (a leader and the units `with` him, in his
    // hex) may end together (stacks.ts), asked once per stack.
    const together = new Map<string, boolean[]>();
    const ends = searched.map((m, k) => {
      const split = splits.get(k);
      // A unit with fields given as unknown may end where some value lets it.
      const alone =
        split === undefined
          ? reachable(m.answer)
          : split.cases
              .map((c) => reachable(c.answer))
              .reduce((u, r) => u.map((x, h) => x || r[h]!));
      const hex = units[k]!.hex;
      const leader = m.p.with ?? (searched.some((o) => o.p.with === m.p.name) ? m.p.name : null);
      if (leader === null) return alone;
      const key = `${hex} ${leader}`;
      let t = together.get(key);
      if (t === undefined) {
        const stack = searched.filter(
          (o, j) => units[j]!.hex === hex && (o.p.name === leader || o.p.with === leader),
        );
        t = stackReach(ir, stack, graph.n);
        together.set(key, t);
      }
      return alone.map((x, h) => x && t[h]!);
    });
    for (const [k, e] of ends.entries())
      for (let h = 0; h < graph.n; h++)
        if (e[h]) {
          hexUnits[h]!.push(k);
          units[k]!.reaches++;
        }

    const hexes: Record<string, UnitsHex> = {};
    const overLimit: string[] = [];
    // The limit reads only its parameters (and constant rules): any unit's context will do.
    const limitCtx = contexts[0] ?? null;
    for (let h = 0; h < graph.n; h++) {
      const ks = hexUnits[h]!;
      if (ks.length === 0) continue;
      const hex: UnitsHex = {
        count: ks.length,
        units: ks.map((k) => units[k]!.name),
        withinLimit: null,
      };
      // The units that end here under some values of their unknown fields only: the fields this
      // hex turns on for each (per-value.ts `perPart`).
      for (const k of ks) {
        const split = splits.get(k);
        if (split === undefined) continue;
        const part = perPart(ir, split, (i) => !Number.isNaN(split.cases[i]!.answer.cost[h]!));
        if (part.dependsOn.length === 0) continue;
        (hex.depends ??= {})[units[k]!.name] = part.cases
          .filter((c) => !Number.isNaN(split.cases[c.index]!.answer.cost[h]!))
          .map((c) => c.given);
      }
      if (stacking.counts.length > 0) {
        const sums = stacking.counts.map((_, j) =>
          ks.reduce((s, k) => s.add(shares[k]![j]!), Rat.ZERO),
        );
        hex.counts = Object.fromEntries(
          stacking.counts.map((r, j) => [r.name.slice(STACKS_AS.length), sums[j]!.toNumber()]),
        );
        if (stacking.limit !== null && limitCtx !== null) {
          hex.withinLimit = model.ev.rule(stacking.limit, limitCtx, null, sums) === true;
          if (!hex.withinLimit) overLimit.push(graph.names[h]!);
        }
      }
      hexes[graph.names[h]!] = hex;
    }
    const result: UnitsRulesetResult = {
      ruleset: ir.id,
      title: ir.title,
      measure: ir.movement.measure,
      stacking:
        stacking.limit === null
          ? null
          : { rule: stacking.limit.name, cite: stacking.limit.cite, title: stacking.limit.title },
      units,
      notPlaced,
      notApplicable: [...na].sort(),
      hexes,
      overLimit,
    };
    if (stacking.limit === null)
      result.stackingNote =
        stacking.counts.length === 0
          ? "no stacking limit in the bundled text"
          : `no stacking limit in the bundled text; counted: ${stacking.counts.map((r) => `${r.name.slice(STACKS_AS.length)} (${r.cite}: ${r.title})`).join(", ")}`;
    return result;
  });
  return {
    report: { map: req.map.name, side: req.side, phase: req.phase, results },
    graph,
    diagnostics,
  };
}

/**
 * A ruleset's stacking: its limit — a predicate every parameter P of which has a rule `stacks-as-P`
 * (a number asked of one unit) — and the per-unit counts it sums; without such a predicate, the
 * `stacks-as-…` rules it has (counted, not judged).
 */
export function stackingOf(ir: RulesetIR): { limit: RuleDef | null; counts: RuleDef[] } {
  const count = (name: string) =>
    ir.rules.find((r) => r.name === name && r.kind === "rule" && r.params.length === 0);
  for (const p of ir.rules) {
    if (p.kind !== "predicate" || p.params.length === 0) continue;
    const counts = p.params.map((x) => count(STACKS_AS + x.name));
    if (counts.every((r) => r !== undefined)) return { limit: p, counts: counts as RuleDef[] };
  }
  const counts = ir.rules.filter(
    (r) => r.name.startsWith(STACKS_AS) && r.kind === "rule" && r.params.length === 0,
  );
  return { limit: null, counts };
}

/**
 * A unit's stacking counts, or why they cannot be counted: a field they need that the unit leaves
 * out (SL 5.76: a leader's load at squad usage, `squadPortage`) or gives as unknown (`unknown`),
 * named in the reason.
 */
function counted(count: () => Rat[], unknown: readonly string[]): Rat[] | { reason: string } {
  try {
    return count();
  } catch (e) {
    if (!(e instanceof MissingInput)) throw e;
    const field = e.field.replace(/^unit\./, "");
    const why = unknown.includes(e.field) ? "gives as unknown" : "does not give";
    return { reason: `its stacking counts need \`${field}\`, which the unit ${why}` };
  }
}

/** Per hex, whether the unit's own search ends a legal move there. */
function reachable(a: { cost: Float64Array }): boolean[] {
  return Array.from(a.cost, (c) => !Number.isNaN(c));
}

/** The ruleset's `holds-as` rule (no parameters), if it has one. */
function holdsAs(ir: RulesetIR): RuleDef | undefined {
  return ir.rules.find((r) => r.name === HOLDS_AS && r.kind === "rule" && r.params.length === 0);
}

/**
 * Who holds a hex of the other side's units, under this ruleset, as a step's `enemy`: one unit alone
 * holds it as the ruleset's `holds-as` rule asked of it says (ASL A4.15: `lone-smc` for a single-man
 * counter); several units, a unit the ruleset cannot read, or no such rule: `units`.
 */
export function occupantOf(ir: RulesetIR, units: readonly PlacedAt[], phase: string): string {
  const rule = holdsAs(ir);
  if (rule === undefined || units.length !== 1) return "units";
  const read = readPlaced(ir, units[0]!, phase);
  if ("reason" in read) return "units";
  const v = interpreterFor(ir).ev.rule(rule, prepare(ir, read.value).ctx, null, []);
  return typeof v === "string" ? v : "units";
}

/**
 * A placed unit that says it rides (`aboard: true`, SQLA 31.13's riders) starts aboard the vehicle the
 * map places in its hex and gets off first, as `reach --aboard` does (runtime/reach-map.ts): never
 * moved as if on foot. No vehicle there, or a ruleset that cannot get off: it stays aboard, ending in
 * no hex (`aboard` not applicable).
 */
function startsAboard(value: ScenarioValue): boolean {
  const v = value.unit[ABOARD.slice("unit.".length)];
  return v !== undefined && v.v === "bool" && v.b;
}

/** A placed unit as this ruleset's scenario value, or why it cannot move it. */
function readPlaced(
  ir: RulesetIR,
  p: PlacedAt,
  phase: string,
): { value: ScenarioValue; notApplicable: string[] } | { reason: string; value?: undefined } {
  const kinds = ir.enums.find(
    (e) =>
      e.name ===
      (
        ir.inputs.find((i) => i.rec === "unit")?.fields.find((f) => f.name === "kind")?.type as {
          name?: string;
        }
      )?.name,
  );
  const kind = String(p.unit["kind"]);
  if (kinds !== undefined && p.unit["kind"] !== null && !kinds.members.some((m) => m.name === kind))
    return { reason: `${ir.id} has no unit kind \`${kind}\`` };
  // Read as the scenario file `{ name, phase, path: [], unit }` would be, its tree built from the values.
  const parsed = scenarioOfValue(
    { name: p.name, phase, path: [], unit: p.unit as JsonValue },
    p.name,
    [ir],
  );
  const first = parsed.diagnostics.find((d) => d.severity === "error");
  if (first !== undefined || parsed.perRuleset[0] === undefined)
    return { reason: first?.message ?? "not a unit of this ruleset" };
  return parsed.perRuleset[0];
}
