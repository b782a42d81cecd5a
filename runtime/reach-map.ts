/**
 * Reach on a map for one ruleset: the map's steps (runtime/map.ts) are turned into the ruleset's
 * prepared steps once — a terrain or hexside feature the ruleset lacks makes the move across that
 * hexside impossible and is listed in `notApplicable` — then `searchReach` runs, and a vehicle on the
 * map is boarded where the ruleset can (reach-board.ts). Generated modules
 * export `reach` on top of this; the interpreter binds it to its own model (compiler/reach/).
 */

import { indexOf, type MapGraph } from "./map.js";
import { plainStep, type PlainStep, type ReachBinding } from "./reach-steps.js";
import { labelPath, searchReach, type ReachSearch } from "./reach.js";
import { diceRead, summarizeWeighted } from "./dice.js";
import { forEachSortedRoll } from "./rolls.js";
import { boardingOnMap, type ReachBoarding } from "./reach-board.js";
import type { DistributionSummary, MoveContext } from "./types.js";

export interface ReachAnswer {
  ruleset: string;
  measure: string;
  from: number;
  /** The allowance of a move from the start, in the measure (NaN when the unit may not move). */
  allowance: number;
  /** A dice ruleset without a fixed roll: the allowance's distribution (then `allowance` is its mean). */
  distribution: DistributionSummary | null;
  /** A dice ruleset without a fixed roll: per hex the probability that the roll lets the unit end there. */
  probability: Float64Array | null;
  /** Per hex: the least cost of a legal move ending there, in the measure; NaN where none is. */
  cost: Float64Array;
  /** Exact text of a reachable hex's cost ("3/2"). */
  exact(hex: number): string;
  /** One cheapest path to `hex`, start first ([] when unreachable). */
  path(hex: number): number[];
  /** The roll under which `path(hex)` was found (a dice ruleset without a fixed roll), else null. */
  roll(hex: number): number[] | null;
  /** Map names this ruleset has no concept for, sorted: `terrain: jungle`, `hexside: hedge`, `uphill`. */
  notApplicable: string[];
  /** Labels the search created (its work). */
  labels: number;
  /** Per vehicle on the map this ruleset can board: the cheapest legal boarding (none when there is none). */
  boarding: ReachBoarding[];
}

export type { ReachBoarding } from "./reach-board.js";

/** Reach from hex `from` (a name such as "B3", or an index) on `g`; an unknown hex is a RangeError. */
export function reachOnMap<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  g: MapGraph,
  start: number | string,
): ReachAnswer {
  const from = typeof start === "number" ? start : indexOf(g, start);
  if (!(from >= 0 && from < g.n))
    throw new RangeError(`${String(start)} is not a hex of ${g.name}`);
  const { plain, slotStep, na: naSteps } = stepsFor(b, g);
  const ctx = b.prepare(plain);
  const steps = ctx.path.slice();
  const graph = { n: g.n, adj: g.adj, slotStep, steps };
  const na = new Set(naSteps);

  if (b.model.dice === 0 || ctx.roll !== null) {
    const search = searchReach(b.model, b.num, ctx, graph, from, b.profile);
    const boarding = boardingOnMap(b, g, search, na);
    return answer(b, g.n, from, [search], [null], null, [...na].sort(), search.labels, boarding);
  }

  // Every roll (as a multiset, weighted by the ordered rolls it stands for): a hex's cost and path come
  // from the roll that reaches it most cheaply (the first such roll), its probability from all of them.
  const searches: ReachSearch<T>[] = [];
  const rolls: number[][] = [];
  const probability = new Float64Array(g.n);
  const allowances = new Map<number, number>();
  let total = 0;
  let labels = 0;
  // Faces are enumerated as multisets of the dice the move reads (a Normal move reads two of a
  // ruleset's three): the fewest that price the start. A shorter roll fails to price it.
  const dice = diceAtStart(b, ctx);
  forEachSortedRoll(dice, b.model.sides, (roll, weight) => {
    ctx.roll = roll.slice();
    rolls.push(roll.slice());
    const search = searchReach(b.model, b.num, ctx, graph, from, b.profile);
    searches.push(search);
    labels += search.labels;
    total += weight;
    const a = b.num.isNA(search.allowance) ? NaN : b.num.toNumber(search.allowance);
    allowances.set(a, (allowances.get(a) ?? 0) + weight);
    for (let h = 0; h < g.n; h++) if (search.best[h]! >= 0) probability[h]! += weight;
  });
  ctx.roll = null;
  for (let h = 0; h < g.n; h++) probability[h]! /= total;
  const summary = summarizeWeighted(allowances);
  const boarding = boardingOnMap(b, g, null, na);
  return answer(
    b,
    g.n,
    from,
    searches,
    rolls,
    { summary, probability },
    [...na].sort(),
    labels,
    boarding,
  );
}

/** How many dice the move from the start reads: the shortest roll that prices its allowance. */
function diceAtStart<T, X extends MoveContext<T>>(b: ReachBinding<T, X>, ctx: X): number {
  const path = ctx.path;
  ctx.path = [];
  ctx.hexes = 0;
  try {
    return diceRead(b.model.dice, (k) => {
      ctx.roll = new Array<number>(k).fill(1);
      b.model.allowance(ctx, null);
    });
  } finally {
    ctx.path = path;
    ctx.roll = null;
  }
}

function answer<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  n: number,
  from: number,
  searches: readonly ReachSearch<T>[],
  rolls: readonly (number[] | null)[],
  dice: { summary: DistributionSummary; probability: Float64Array } | null,
  notApplicable: string[],
  labels: number,
  boarding: ReachBoarding[],
): ReachAnswer {
  const cost = new Float64Array(n).fill(NaN);
  const first = searches[0]!;
  if (searches.length === 1) {
    // One search: walk its labels (the hexes it touched), not the whole map.
    const s = first;
    for (let i = 0; i < s.labels; i++) {
      const h = s.labelHex[i]!;
      if (s.best[h] === i) cost[h] = b.num.toNumber(s.labelCost[i]!);
    }
    return {
      ruleset: b.model.id,
      measure: b.model.measure,
      from,
      allowance: b.num.isNA(s.allowance) ? NaN : b.num.toNumber(s.allowance),
      distribution: null,
      probability: null,
      cost,
      exact: (hex) => (s.best[hex]! < 0 ? "NA" : b.num.toExact(s.labelCost[s.best[hex]!]!)),
      path: (hex) => (s.best[hex]! < 0 ? [] : labelPath(s, s.best[hex]!)),
      roll: (hex) => (s.best[hex]! < 0 ? null : (rolls[0] as number[] | null)),
      notApplicable,
      labels,
      boarding,
    };
  }
  // Per hex, the search (roll) whose cheapest legal move there costs least.
  const which = new Int32Array(n).fill(-1);
  for (let h = 0; h < n; h++) {
    for (let r = 0; r < searches.length; r++) {
      const label = searches[r]!.best[h]!;
      if (label < 0) continue;
      const c = searches[r]!.labelCost[label]!;
      const held = which[h]!;
      if (held < 0 || b.num.gt(searches[held]!.labelCost[searches[held]!.best[h]!]!, c))
        which[h] = r;
    }
    const w = which[h]!;
    if (w >= 0) cost[h] = b.num.toNumber(searches[w]!.labelCost[searches[w]!.best[h]!]!);
  }
  return {
    ruleset: b.model.id,
    measure: b.model.measure,
    from,
    allowance:
      dice !== null
        ? dice.summary.mean
        : b.num.isNA(first.allowance)
          ? NaN
          : b.num.toNumber(first.allowance),
    distribution: dice?.summary ?? null,
    probability: dice?.probability ?? null,
    cost,
    exact: (hex) =>
      which[hex]! < 0
        ? "NA"
        : b.num.toExact(searches[which[hex]!]!.labelCost[searches[which[hex]!]!.best[hex]!]!),
    path: (hex) =>
      which[hex]! < 0 ? [] : labelPath(searches[which[hex]!]!, searches[which[hex]!]!.best[hex]!),
    roll: (hex) => (which[hex]! < 0 ? null : rolls[which[hex]!]!),
    notApplicable,
    labels,
    boarding,
  };
}

interface MapSteps {
  /** The distinct steps the map's slots enter, as this ruleset reads them. */
  plain: PlainStep[];
  slotStep: Int32Array;
  na: Set<string>;
  /** The step fields the ruleset reads, joined (part of what the cache is keyed on). */
  fields: string;
}

/**
 * Per map and per ruleset (its `resolve`), the steps of every slot: computed once, then reused. A
 * graph is treated as immutable once built (build a new one for a changed map).
 */
const STEPS = new WeakMap<MapGraph, Map<unknown, MapSteps>>();

function stepsFor<T, X extends MoveContext<T>>(b: ReachBinding<T, X>, g: MapGraph): MapSteps {
  let byRuleset = STEPS.get(g);
  if (byRuleset === undefined) STEPS.set(g, (byRuleset = new Map()));
  const key = b.resolve;
  const known = byRuleset.get(key);
  if (known !== undefined && known.fields === b.stepFields.join()) return known;
  const na = new Set<string>();
  const kinds = new Map<string, number>();
  const plain: PlainStep[] = [];
  const slotStep = new Int32Array(6 * g.n).fill(-1);
  for (let slot = 0; slot < 6 * g.n; slot++) {
    if (g.adj[slot]! < 0) continue;
    const p = plainStep(g, slot, b.resolve, b.stepFields, na);
    if (p === null) continue;
    const sig = `${p.terrain}|${p.hexside ?? ""}|${p.viaRoad ? 1 : 0}${p.uphill ? 1 : 0}${p.downhill ? 1 : 0}|${p.inches ?? ""}|${p.enemy ?? ""}|${p.alsoTerrain ?? ""}`;
    let k = kinds.get(sig);
    if (k === undefined) {
      k = plain.length;
      kinds.set(sig, k);
      plain.push(p);
    }
    slotStep[slot] = k;
  }
  const out: MapSteps = { plain, slotStep, na, fields: b.stepFields.join() };
  byRuleset.set(key, out);
  return out;
}
