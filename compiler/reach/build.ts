/**
 * Reach per ruleset → the `ReachReport` (report.ts). Each ruleset's search runs through the
 * interpreter (interpret.ts); each reachable hex's cheapest path is then priced again as a scenario
 * with `evaluateMove`, which gives the citations of its steps — and checks the search: the path must
 * be legal and cost what the search says (`mismatches` counts those that do not; tests require 0).
 * A boarding of a map's vehicle is priced again the same way, with its vehicle and board step.
 */
import { buildGraph, indexOf, type MapGraph } from "../../runtime/map.js";
import type { MapJson } from "../../runtime/map.js";
import { reachOnMap, type ReachAnswer } from "../../runtime/reach-map.js";
import type { PlainStep } from "../../runtime/reach-steps.js";
import { interpreterFor, prepare } from "../interpret/interpreter.js";
import { evaluateMove } from "../../runtime/move.js";
import { isEvaluationFault, type EvaluationFault } from "../../runtime/errors.js";
import { ratNum } from "../../runtime/rational.js";
import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import { interpretedBinding } from "./binding.js";
import { stepValues } from "./steps.js";
import { summarizeAnswer, type ReachSummary } from "./summary.js";
import type {
  ReachBypass,
  ReachBoarding,
  ReachDifference,
  ReachHex,
  ReachReport,
  ReachRulesetResult,
} from "./report.js";

export interface ReachRequest {
  /** The map (its placed `units` are not read here). */
  map: Omit<MapJson, "units">;
  /** Answer in counts (summary.ts) instead of hex by hex: nothing is priced again. */
  summary?: boolean;
  from: string;
  /** The unit starts aboard the map's vehicle in `from` (SQLA 31.5, Tide of Iron): it gets off first. */
  aboard?: boolean;
  phase: string;
  /** The unit as given (for the report). */
  unit: Record<string, unknown>;
  /** Per ruleset: its IR and the validated scenario (unit, phase; empty path). */
  rulesets: {
    ir: RulesetIR;
    base: ScenarioValue;
    notApplicable: string[];
    /** This ruleset's own unit as given (`--unit ID=JSON`), when it is not `unit`. */
    unit?: Record<string, unknown>;
  }[];
}

export interface ReachBuilt {
  report: ReachReport;
  graph: MapGraph;
  answers: ReachAnswer[];
  /** Reported paths that `evaluateMove` prices differently or finds illegal (a search bug when > 0). */
  mismatches: string[];
  /** With `summary`: the answer in counts (then `report` lists no hexes). */
  summary?: ReachSummary;
  /**
   * The hexes reached (all rulesets together) when more than `MAX_LISTED_HEXES` and no summary was
   * asked: then nothing is listed (`report` lists no hexes) and the engine reports the bound.
   */
  tooLarge?: number;
}

/**
 * The most hexes reached (all rulesets asked together) that a report lists hex by hex, each with its
 * path and citations: a listing grows with the hexes times their paths' lengths (≈ 30 MB of JSON at
 * this bound on an open map). Beyond it `--summary` answers (docs/cli.md, limits).
 */
export const MAX_LISTED_HEXES = 20_000;

/**
 * A search or a pricing under `ruleset` that met an evaluation fault — a field a rule `need()`s that
 * the unit or the map leaves out, a value beyond the exact range: the user's input, not a bug. Thrown
 * by `buildReach` with the ruleset named; the engine turns it into a located diagnostic.
 */
export class ReachFault extends Error {
  constructor(
    readonly ruleset: string,
    readonly fault: EvaluationFault,
  ) {
    super(`under ${ruleset}: ${fault.message}`);
    this.name = "ReachFault";
  }
}

/** Runs `f` for ruleset `id`: an evaluation fault it meets becomes a `ReachFault` naming `id`. */
export function faultUnder<T>(id: string, f: () => T): T {
  try {
    return f();
  } catch (e) {
    if (isEvaluationFault(e)) throw new ReachFault(id, e);
    throw e;
  }
}

/**
 * The reach of each ruleset on the map, listed hex by hex (or summarised); an evaluation fault met
 * on the way is a `ReachFault` naming the ruleset (the engine reports it located).
 */
export function buildReach(req: ReachRequest): ReachBuilt {
  const graph = buildGraph(req.map);
  const from = indexOf(graph, req.from);
  const mismatches: string[] = [];
  const answers: ReachAnswer[] = [];
  const bindings = req.rulesets.map(({ ir, base, unit }) =>
    interpretedBinding(ir, base, unit ?? req.unit),
  );
  const aboard = req.aboard === true;
  bindings.forEach((b, i) =>
    answers.push(faultUnder(req.rulesets[i]!.ir.id, () => reachOnMap(b, graph, from, aboard))),
  );
  const head = (i: number) => {
    const { ir, notApplicable } = req.rulesets[i]!;
    const a = answers[i]!;
    return {
      ruleset: ir.id,
      title: ir.title,
      measure: ir.movement.measure,
      allowance: a.distribution ?? (Number.isNaN(a.allowance) ? null : a.allowance),
      notApplicable: [...new Set([...a.notApplicable, ...notApplicable])].sort(),
    };
  };
  // Hexes reached as every report counts them (report.ts's `hexesReached`: the start left out).
  let reached = 0;
  for (const a of answers)
    for (let h = 0; h < graph.n; h++) if (h !== from && !Number.isNaN(a.cost[h])) reached++;
  if (req.summary === true || reached > MAX_LISTED_HEXES) {
    const report: ReachReport = {
      map: req.map.name,
      from: req.from,
      phase: req.phase,
      unit: req.unit,
      results: answers.map((_, i) => ({ ...head(i), hexes: {} })),
      differences: [],
    };
    if (req.summary !== true) return { report, graph, answers, mismatches, tooLarge: reached };
    const summary: ReachSummary = {
      map: req.map.name,
      from: req.from,
      phase: req.phase,
      unit: req.unit,
      ...(aboard ? { aboard: true as const } : {}),
      summary: answers.map((a, i) =>
        faultUnder(req.rulesets[i]!.ir.id, () => summarizeAnswer(graph, a, from, head(i))),
      ),
    };
    return { report, graph, answers, mismatches, summary };
  }
  const results: ReachRulesetResult[] = req.rulesets.map(({ ir, base, unit }, i) =>
    faultUnder(ir.id, () => listed(ir, base, unit, i)),
  );
  function listed(
    ir: RulesetIR,
    base: ScenarioValue,
    unit: Record<string, unknown> | undefined,
    i: number,
  ): ReachRulesetResult {
    const binding = bindings[i]!;
    const a = answers[i]!;
    const hexes: Record<string, ReachHex> = {};
    for (let h = 0; h < graph.n; h++) {
      if (Number.isNaN(a.cost[h])) continue;
      const path = a.path(h);
      const steps = a.steps(h);
      const roll = a.roll(h);
      const value: ScenarioValue = { ...base, path: steps.map((s) => stepValues(ir, s)) };
      if (roll !== null) value.roll = roll;
      // The pricing loop itself: a searched roll has as many dice as the ruleset ever rolls. A unit
      // aboard gets off first: the same move as a scenario with the vehicle and the unload step.
      const ctx =
        a.aboard !== null
          ? binding.prepareUnload!(steps, a.aboard.vehicle)!
          : prepare(ir, value).ctx;
      const r = evaluateMove(interpreterFor(ir), ratNum, ctx, { trace: true });
      if (!r.legal || r.exact.spent !== a.exact(h))
        mismatches.push(
          `${ir.id} ${graph.names[h]}: reach ${a.exact(h)}, eval ${r.exact.spent}${r.legal ? "" : " (not legal)"}`,
        );
      const rules = [...new Set(r.steps.flatMap((s) => s.rules))];
      const hex: ReachHex = { cost: a.cost[h], path: path.map((k) => graph.names[k]), rules };
      const bypass = bypassed(graph, path, steps);
      if (bypass.length > 0) hex.bypass = bypass;
      if (a.exact(h).includes("/")) hex.exact = a.exact(h);
      if (a.probability !== null) hex.probability = a.probability[h];
      hexes[graph.names[h]] = hex;
    }
    const result: ReachRulesetResult = { ...head(i), hexes };
    if (unit !== undefined) result.unit = unit;
    if (a.aboard !== null) result.getsOff = a.aboard.action;
    if (!aboard && graph.vehicles.some((v) => v !== null)) {
      result.boarding = {};
      for (const b of a.boarding) {
        const ctx = binding.prepareAboard(b.steps, b.vehicle);
        const r = ctx === null ? null : evaluateMove(binding.model, ratNum, ctx, { trace: true });
        if (r === null || !r.legal || r.exact.spent !== b.exact)
          mismatches.push(
            `${ir.id} boarding in ${graph.names[b.hex]}: reach ${b.exact}, eval ${r?.exact.spent ?? "none"}${r === null || r.legal ? "" : " (not legal)"}`,
          );
        const board: ReachBoarding = {
          cost: b.cost,
          path: b.path.map((k) => graph.names[k]),
          rules: [...new Set((r?.steps ?? []).flatMap((s) => s.rules))],
        };
        const bypass = bypassed(graph, b.path, b.steps);
        if (bypass.length > 0) board.bypass = bypass;
        if (b.exact.includes("/")) board.exact = b.exact;
        if (b.vehicleSpent !== null) board.vehicleSpent = b.vehicleSpent;
        result.boarding[graph.names[b.hex]] = board;
      }
    }
    return result;
  }
  return {
    report: {
      map: req.map.name,
      from: req.from,
      phase: req.phase,
      unit: req.unit,
      ...(aboard ? { aboard: true as const } : {}),
      results,
      differences: differences(graph, results),
    },
    graph,
    answers,
    mismatches,
  };
}

/** The hexes of a path skirted in Bypass: the step (path[step] is the hex), the hex, the sides skirted. */
function bypassed(
  graph: MapGraph,
  path: readonly number[],
  steps: readonly PlainStep[],
): ReachBypass[] {
  const out: ReachBypass[] = [];
  steps.forEach((s, i) => {
    if (s.bypass !== undefined)
      out.push({ step: i + 1, hex: graph.names[path[i + 1]!]!, sides: s.bypass });
  });
  return out;
}

/** Hexes where the rulesets disagree on reachability or cost (none with a single ruleset). */
function differences(graph: MapGraph, results: readonly ReachRulesetResult[]): ReachDifference[] {
  if (results.length < 2) return [];
  const out: ReachDifference[] = [];
  for (const name of graph.names) {
    const costs = results.map((r) => r.hexes[name]?.cost ?? null);
    if (costs.every((c) => c === costs[0])) continue;
    const d: ReachDifference = { hex: name, reachable: {}, cost: {}, rules: {} };
    results.forEach((r, i) => {
      d.reachable[r.ruleset] = costs[i] !== null;
      d.cost[r.ruleset] = costs[i];
      if (r.hexes[name]) d.rules[r.ruleset] = r.hexes[name].rules;
    });
    out.push(d);
  }
  return out;
}
