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
import { perPart, perValue, type PerValue } from "./per-value.js";
import type { ReachBinding } from "../../runtime/reach-steps.js";
import type { Rat } from "../../runtime/rational.js";
import type { EvalContext } from "../interpret/eval.js";
import type {
  ReachBypass,
  ReachBoarding,
  ReachDifference,
  ReachHex,
  ReachHexCase,
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
  const aboard = req.aboard === true;
  // Per ruleset, the search once per value of the unit's fields given as unknown (per-value.ts; one
  // case when there are none), equal answers grouped as eval groups a scenario's cases.
  const splits = req.rulesets.map(({ ir, base, unit }) =>
    faultUnder(ir.id, () =>
      perValue(
        ir,
        base,
        (b): Searched => {
          const binding = interpretedBinding(ir, b, unit ?? req.unit);
          return { binding, answer: reachOnMap(binding, graph, from, aboard) };
        },
        (s) => answerKey(graph, s.answer),
        // The defaults the reach turns on are named, as eval names them.
        { aboard },
      ),
    ),
  );
  // The first case's answer of each ruleset (its only one when no field is unknown).
  const answers: ReachAnswer[] = splits.map((s) => s.cases[0]!.answer.answer);
  const head = (i: number) => {
    const { ir, notApplicable } = req.rulesets[i]!;
    const split = splits[i]!;
    const allowances = split.cases.map(
      ({ answer: { answer: a } }) =>
        a.distribution ?? (Number.isNaN(a.allowance) ? null : a.allowance),
    );
    const same = allowances.every((x) => JSON.stringify(x) === JSON.stringify(allowances[0]));
    return {
      ruleset: ir.id,
      title: ir.title,
      measure: ir.movement.measure,
      allowance: same ? allowances[0]! : null,
      ...(split.assumed.length > 0
        ? { assumed: Object.fromEntries(split.assumed.map((a) => [a.field, a.value])) }
        : {}),
      notApplicable: [
        ...new Set([
          ...split.cases.flatMap((c) => c.answer.answer.notApplicable),
          ...notApplicable,
        ]),
      ].sort(),
    };
  };
  // Hexes reached as every report counts them (report.ts's `hexesReached`: the start left out).
  let reached = 0;
  for (const split of splits)
    for (let h = 0; h < graph.n; h++)
      if (h !== from && split.cases.some((c) => !Number.isNaN(c.answer.answer.cost[h]))) reached++;
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
      // One entry per case of a unit with fields given as unknown, with the values it holds for.
      summary: splits.flatMap((split, i) =>
        split.cases.map((c) =>
          faultUnder(req.rulesets[i]!.ir.id, () => {
            const a = c.answer.answer;
            const entry = summarizeAnswer(graph, a, from, {
              ...head(i),
              allowance: a.distribution ?? (Number.isNaN(a.allowance) ? null : a.allowance),
            });
            if (split.dependsOn.length === 0) return entry;
            const { ruleset, ...rest } = entry;
            return { ruleset, given: c.given, ...rest };
          }),
        ),
      ),
    };
    return { report, graph, answers, mismatches, summary };
  }
  const results: ReachRulesetResult[] = req.rulesets.map(({ ir, unit }, i) =>
    faultUnder(ir.id, () => {
      const split = splits[i]!;
      const listings = split.cases.map((c) =>
        listed(ir, c.base, c.answer.binding, c.answer.answer),
      );
      const { boarding, ...merged } = mergeCases(ir, split, listings, graph.names);
      const result: ReachRulesetResult = { ...head(i), ...merged };
      if (unit !== undefined) result.unit = unit;
      const a = answers[i]!;
      if (a.aboard !== null) result.getsOff = a.aboard.action;
      if (boarding !== undefined) result.boarding = boarding;
      return result;
    }),
  );
  /** One case's hexes and boardings, each path priced again by `evaluateMove` (its citations). */
  function listed(
    ir: RulesetIR,
    base: ScenarioValue,
    binding: ReachBinding<Rat, EvalContext>,
    a: ReachAnswer,
  ): Listing {
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
    if (aboard || !graph.vehicles.some((v) => v !== null)) return { hexes };
    const boarding: Record<string, ReachBoarding> = {};
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
      boarding[graph.names[b.hex]] = board;
    }
    return { hexes, boarding };
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

/** One search: the binding it ran over (to price its paths again) and its answer. */
interface Searched {
  binding: ReachBinding<Rat, EvalContext>;
  answer: ReachAnswer;
}

/** What makes two searches one answer: the allowance, and per hex and vehicle the exact cost (and chance). */
function answerKey(graph: MapGraph, a: ReachAnswer): unknown {
  const hexes: (string | number | null)[] = [];
  for (let h = 0; h < graph.n; h++)
    if (!Number.isNaN(a.cost[h]))
      hexes.push(h, a.exact(h), a.probability === null ? null : a.probability[h]!);
  return [
    a.allowance,
    a.distribution,
    hexes,
    a.boarding.map((b) => [b.hex, b.exact, b.vehicleSpent]),
    a.notApplicable,
  ];
}

/** One case's listing: its hexes and, on a map with vehicles (not aboard), its boardings. */
interface Listing {
  hexes: Record<string, ReachHex>;
  boarding?: Record<string, ReachBoarding>;
}

/**
 * The listings of a reply's cases as one ruleset result: a hex (or boarding) every case gives alike
 * is listed as that case gives it; one that turns on unknown fields is the cheapest case's, with the
 * fields (`dependsOn`) and per case its cost (per-value.ts `perPart`: grouped as eval groups).
 */
function mergeCases(
  ir: RulesetIR,
  split: PerValue<Searched>,
  listings: readonly Listing[],
  mapOrder: readonly string[],
): Pick<ReachRulesetResult, "hexes" | "boarding" | "dependsOn" | "notNeeded" | "cases"> {
  if (listings.length === 1)
    return {
      ...listings[0]!,
      ...(split.notNeeded.length > 0 ? { notNeeded: split.notNeeded } : {}),
    };
  const merged = <H extends ReachHex | ReachBoarding>(
    of: (l: Listing) => Record<string, H> | undefined,
    names: readonly string[],
  ): Record<string, H> => {
    const out: Record<string, H> = {};
    for (const name of names) {
      const each = listings.map((l) => of(l)?.[name]);
      const keyOf = (i: number) => {
        const h = each[i];
        return h === undefined
          ? null
          : [h.exact ?? h.cost, "probability" in h ? h.probability : null];
      };
      if (each.every((h) => h === undefined)) continue;
      const first = JSON.stringify(keyOf(0));
      if (each.every((_, i) => JSON.stringify(keyOf(i)) === first)) {
        out[name] = each[0]!;
        continue;
      }
      const part = perPart(ir, split, keyOf);
      const cases: ReachHexCase[] = part.cases.map(({ given, index }) => {
        const h = each[index];
        if (h === undefined) return { given, cost: null };
        const c: ReachHexCase = { given, cost: h.cost };
        if (h.exact !== undefined) c.exact = h.exact;
        c.path = h.path;
        c.rules = h.rules;
        if ("probability" in h && h.probability !== undefined) c.probability = h.probability;
        if (h.bypass !== undefined) c.bypass = h.bypass;
        return c;
      });
      // The best case that reaches it stands for the hex (its cost, path and rules): the likeliest
      // (a dice ruleset without a fixed roll), else the cheapest.
      const chance = (h: H) => ("probability" in h ? (h.probability ?? 1) : 1);
      const best = part.cases
        .map((c) => each[c.index])
        .filter((h): h is H => h !== undefined)
        .reduce((a, b) =>
          chance(b) > chance(a) || (chance(b) === chance(a) && b.cost < a.cost) ? b : a,
        );
      out[name] = { ...best, dependsOn: part.dependsOn, cases };
    }
    return out;
  };
  // In map order, as a single case lists them.
  const hexes = merged((l) => l.hexes, mapOrder);
  const result: Pick<
    ReachRulesetResult,
    "hexes" | "boarding" | "dependsOn" | "notNeeded" | "cases"
  > = {
    dependsOn: split.dependsOn,
    ...(split.notNeeded.length > 0 ? { notNeeded: split.notNeeded } : {}),
    cases: split.cases.map((c) => ({
      given: c.given,
      allowance:
        c.answer.answer.distribution ??
        (Number.isNaN(c.answer.answer.allowance) ? null : c.answer.answer.allowance),
      reaches: [...c.answer.answer.cost].filter(
        (x, h) => !Number.isNaN(x) && h !== c.answer.answer.from,
      ).length,
    })),
    hexes,
  };
  if (listings.some((l) => l.boarding !== undefined))
    result.boarding = merged((l) => l.boarding, mapOrder);
  return result;
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

/**
 * Hexes where the rulesets disagree on reachability or cost (none with a single ruleset); with
 * fields given as unknown, a hex whose cost turns on them differs from one that does not, or that
 * turns on them otherwise (its `cases`).
 */
function differences(graph: MapGraph, results: readonly ReachRulesetResult[]): ReachDifference[] {
  if (results.length < 2) return [];
  const out: ReachDifference[] = [];
  const said = (h: ReachHex | undefined): string =>
    JSON.stringify(
      h === undefined ? null : [h.cost, (h.cases ?? []).map((c) => [c.given, c.cost])],
    );
  for (const name of graph.names) {
    const costs = results.map((r) => r.hexes[name]?.cost ?? null);
    const first = said(results[0]!.hexes[name]);
    if (results.every((r) => said(r.hexes[name]) === first)) continue;
    const d: ReachDifference = { hex: name, reachable: {}, cost: {}, rules: {} };
    results.forEach((r, i) => {
      d.reachable[r.ruleset] = costs[i] !== null;
      d.cost[r.ruleset] = costs[i]!;
      const h = r.hexes[name];
      if (h) d.rules[r.ruleset] = h.rules;
      if (h?.dependsOn !== undefined) (d.dependsOn ??= {})[r.ruleset] = h.dependsOn;
    });
    out.push(d);
  }
  return out;
}
