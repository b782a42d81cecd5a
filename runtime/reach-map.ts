/**
 * Reach on a map for one ruleset: the map's steps (runtime/map.ts) are turned into the ruleset's
 * prepared steps once — a terrain or hexside feature the ruleset lacks makes the move across that
 * hexside impossible and is listed in `notApplicable` — then `searchReach` runs, and a vehicle on the
 * map is boarded where the ruleset can (reach-board.ts). Generated modules
 * export `reach` on top of this; the interpreter binds it to its own model (compiler/reach/).
 */

import { indexOf, type MapGraph } from "./map.js";
import { bypassSides, plainStep, type PlainStep, type ReachBinding } from "./reach-steps.js";
import { labelPath, searchReach, type ReachSearch } from "./reach.js";
import { diceRead, summarizeWeighted } from "./dice.js";
import { forEachBlockRoll } from "./rolls.js";
import { InputError } from "./errors.js";
import { boardingOnMap, type ReachBoarding } from "./reach-board.js";
import type { DistributionSummary, MoveContext, Num } from "./types.js";

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
  /**
   * The steps of `path(hex)` as a scenario `path` gives them ([] when unreachable): what `evaluate`
   * prices to the same cost. A hex skirted in Bypass is a step with `bypass` (its sides skirted).
   */
  steps(hex: number): PlainStep[];
  /** The roll under which `path(hex)` was found (a dice ruleset without a fixed roll), else null. */
  roll(hex: number): number[] | null;
  /** Map names this ruleset has no concept for, sorted: `terrain: jungle`, `hexside: hedge`, `uphill`. */
  notApplicable: string[];
  /** Labels the search created (its work). */
  labels: number;
  /** Per vehicle on the map this ruleset can board: the cheapest legal boarding (none when there is none). */
  boarding: ReachBoarding[];
  /**
   * A unit that starts aboard the vehicle in its start hex (`reachOnMap`'s `aboard`): the step that gets
   * it off (the ruleset's member) and that vehicle (its `kind` this ruleset's member). Every path then
   * begins with that step in place, before `steps(hex)`, and its cost is counted. Null otherwise.
   */
  aboard: { action: string; vehicle: Record<string, unknown> } | null;
}

export type { ReachBoarding } from "./reach-board.js";

/**
 * Reach from hex `from` (a name such as "B3", or an index) on `g`; an unknown hex is a RangeError.
 * With `aboard`, the unit starts aboard the map's vehicle in `from` (SQLA 31.5, Tide of Iron's exit
 * from a transport): every move gets off first (`unloadAction`, in place), then walks. A ruleset that
 * cannot get off, rolls dice, or cannot take this vehicle reaches nothing, with `aboard` in
 * `notApplicable`.
 */
export function reachOnMap<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  g: MapGraph,
  start: number | string,
  aboard = false,
): ReachAnswer {
  const from = typeof start === "number" ? start : indexOf(g, start);
  if (!(from >= 0 && from < g.n))
    throw new InputError(
      "V1101",
      "from",
      `${JSON.stringify(String(start).slice(0, 40))} is not a hex of ${g.name}`,
    );
  if (aboard) return aboardOnMap(b, g, from);
  const m = stepsFor(b, g);
  const ctx = b.prepare(m.plain);
  const steps = ctx.path.slice();
  const graph = {
    n: m.nodeHex?.length ?? g.n,
    adj: m.adj,
    slotStep: m.slotStep,
    steps,
    degree: m.degree,
  };
  const na = new Set(m.na);
  const run = (): FoldedSearch<T> =>
    fold(searchReach(b.model, b.num, ctx, graph, from, b.profile), m, g.n, b.num);

  if (b.model.dice === 0 || ctx.roll !== null) {
    const search = run();
    const boarding = boardingOnMap(b, g, search, na, search.stepsOf);
    return answer(b, g.n, from, [search], [null], null, [...na].sort(), search.labels, boarding);
  }

  // Every roll (by the ruleset's blocks of dice, weighted by the ordered rolls each stands for): a
  // hex's cost and path come from the roll that reaches it most cheaply (the first such roll), its
  // probability from all of them.
  const searches: FoldedSearch<T>[] = [];
  const rolls: number[][] = [];
  const probability = new Float64Array(g.n);
  const allowances = new Map<number, number>();
  let total = 0;
  let labels = 0;
  // The dice the move reads (a Normal move reads two of a ruleset's three): the fewest that price
  // the start (a shorter roll fails to price it), enumerated as `eval` enumerates them
  // (runtime/rolls.ts `forEachBlockRoll`): faces reordered only within a block of the ruleset's
  // dice expressions — never as one multiset, which would hand `1d6` the lower of `2d6`'s two faces.
  const dice = diceAtStart(b, ctx);
  forEachBlockRoll(dice, b.model.sides, b.model.diceCuts, (roll, weight) => {
    ctx.roll = roll.slice();
    rolls.push(roll.slice());
    const search = run();
    searches.push(search);
    labels += search.labels;
    total += weight;
    const a = b.num.isNA(search.allowance) ? NaN : b.num.toNumber(search.allowance);
    allowances.set(a, (allowances.get(a) ?? 0) + weight);
    for (let j = 0; j < search.reached.length; j++)
      probability[search.labelHex[search.reached[j]!]!]! += weight;
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

/**
 * Reach of a unit aboard the vehicle in `from`: the search starts at a node of its own (aboard, in
 * `from`) whose one way out is the step that gets off, in place (`prefix`: not a hex entered, so the
 * hex counts, Minimum Move and the states read as in `evaluate`); it then walks the map. Answers drop
 * that node: a path starts at `from`, its steps follow the unload.
 */
function aboardOnMap<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  g: MapGraph,
  from: number,
): ReachAnswer {
  const m = stepsFor(b, g);
  const na = new Set(m.na);
  const v = g.vehicles[from];
  const kind =
    v !== null && v !== undefined && typeof v.kind === "string"
      ? b.resolve("vehicle", v.kind)
      : null;
  const action = b.unloadAction ?? null;
  const none = (): ReachAnswer => {
    na.add("aboard");
    const ctx = b.prepare([]);
    const allowance =
      b.model.dice > 0 && ctx.roll === null ? b.num.zero : b.model.allowance(ctx, null);
    return nothingReached(b, g.n, from, allowance, [...na].sort());
  };
  if (
    v === null ||
    v === undefined ||
    kind === null ||
    action === null ||
    b.prepareUnload === undefined ||
    b.model.dice > 0
  )
    return none();
  const vehicle = { ...v, kind };
  let ctx: X | null;
  try {
    ctx = b.prepareUnload(m.plain, vehicle);
  } catch (e) {
    if (!b.inputError(e)) throw e;
    ctx = null;
  }
  if (ctx === null) return none();
  // The steps: the unload (0), then the map's kinds shifted by one.
  const steps = ctx.path.slice();
  const nodes = m.nodeHex?.length ?? g.n;
  const d = m.degree;
  const adj = new Int32Array(d * (nodes + 1)).fill(-1);
  const slotStep = new Int32Array(d * (nodes + 1)).fill(-1);
  adj.set(m.adj);
  for (let i = 0; i < m.slotStep.length; i++)
    if (m.slotStep[i]! >= 0) slotStep[i] = m.slotStep[i]! + 1;
  adj[d * nodes] = from;
  slotStep[d * nodes] = 0;
  const nodeHex = new Int32Array(nodes + 1);
  for (let u = 0; u < nodes; u++) nodeHex[u] = m.nodeHex?.[u] ?? u;
  nodeHex[nodes] = from;
  const graph = { n: nodes + 1, adj, slotStep, steps, degree: d, prefix: 1 };
  let raw: ReachSearch<T>;
  try {
    raw = searchReach(b.model, b.num, ctx, graph, nodes, b.profile);
  } catch (e) {
    // A field the ruleset needs to price the unload is missing, or a value it cannot take; else a bug.
    if (!b.inputError(e)) throw e;
    return none();
  }
  // Staying aboard is not a move on the map.
  raw.reached = raw.reached.filter((l) => raw.labelHex[l] !== nodes);
  const placeholder: PlainStep = { terrain: "" };
  const folded = fold(
    raw,
    { ...m, adj, slotStep, nodeHex, plain: [placeholder, ...m.plain] },
    g.n,
    b.num,
  );
  const { stepsOf, pathOf } = folded;
  const search: FoldedSearch<T> = Object.assign(folded, {
    stepsOf: (l: number) => stepsOf(l).slice(1),
    pathOf: (l: number) => pathOf(l).slice(1),
  });
  const a = answer(b, g.n, from, [search], [null], null, [...na].sort(), search.labels, []);
  return { ...a, aboard: { action, vehicle } };
}

/** The answer of a move that reaches nothing (no search ran): `allowance` from the start. */
function nothingReached<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  n: number,
  from: number,
  allowance: T,
  notApplicable: string[],
): ReachAnswer {
  return {
    ruleset: b.model.id,
    measure: b.model.measure,
    from,
    allowance: b.num.isNA(allowance) ? NaN : b.num.toNumber(allowance),
    distribution: null,
    probability: null,
    cost: new Float64Array(n).fill(NaN),
    exact: () => "NA",
    path: () => [],
    steps: () => [],
    roll: () => null,
    notApplicable,
    labels: 0,
    boarding: [],
    aboard: null,
  };
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
  searches: readonly FoldedSearch<T>[],
  rolls: readonly (number[] | null)[],
  dice: { summary: DistributionSummary; probability: Float64Array } | null,
  notApplicable: string[],
  labels: number,
  boarding: ReachBoarding[],
): ReachAnswer {
  const cost = new Float64Array(n).fill(NaN);
  const first = searches[0]!;
  if (searches.length === 1) {
    // One search: walk the labels that reached a hex, not the whole map.
    const s = first;
    for (let j = 0; j < s.reached.length; j++) {
      const i = s.reached[j]!;
      cost[s.labelHex[i]!] = b.num.toNumber(s.labelCost[i]!);
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
      path: (hex) => (s.best[hex]! < 0 ? [] : s.pathOf(s.best[hex]!)),
      steps: (hex) => (s.best[hex]! < 0 ? [] : s.stepsOf(s.best[hex]!)),
      roll: (hex) => (s.best[hex]! < 0 ? null : (rolls[0] as number[] | null)),
      notApplicable,
      labels,
      boarding,
      aboard: null,
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
      which[hex]! < 0 ? [] : searches[which[hex]!]!.pathOf(searches[which[hex]!]!.best[hex]!),
    steps: (hex) =>
      which[hex]! < 0 ? [] : searches[which[hex]!]!.stepsOf(searches[which[hex]!]!.best[hex]!),
    roll: (hex) => (which[hex]! < 0 ? null : rolls[which[hex]!]!),
    notApplicable,
    labels,
    boarding,
    aboard: null,
  };
}

/** A search's answer per hex (bypass nodes folded into their hex), and the steps of each label. */
interface FoldedSearch<T> extends ReachSearch<T> {
  /** The plain steps of the path ending in `label`, start excluded. */
  stepsOf(label: number): PlainStep[];
  /** The hexes of the path ending in `label`, start first. */
  pathOf(label: number): number[];
}

/**
 * The search over nodes → per hex: `labelHex` names hexes, and a hex's `best` is the cheapest of its
 * nodes' (on a cost tie the one the search popped first: `labelOrder`). The steps of a label's path
 * are the steps the search recorded (`labelStep`), as this ruleset's plain steps.
 */
function fold<T>(s: ReachSearch<T>, m: MapSteps, n: number, num: Num<T>): FoldedSearch<T> {
  const stepsOf = (label: number): PlainStep[] => {
    const out: PlainStep[] = [];
    for (let k = label; s.labelParent[k]! >= 0; k = s.labelParent[k]!)
      out.push(m.plain[s.labelStep[k]!]!);
    return out.reverse();
  };
  const nodeHex = m.nodeHex;
  if (nodeHex === null)
    return Object.assign(s, { stepsOf, pathOf: (l: number) => labelPath(s, l) });
  const order = s.labelOrder;
  const best = new Int32Array(n).fill(-1);
  for (let j = 0; j < s.reached.length; j++) {
    const l = s.reached[j]!;
    const h = nodeHex[s.labelHex[l]!]!;
    const held = best[h]!;
    if (
      held < 0 ||
      num.gt(s.labelCost[held]!, s.labelCost[l]!) ||
      (!num.gt(s.labelCost[l]!, s.labelCost[held]!) &&
        (order === null ? l < held : order[l]! < order[held]!))
    )
      best[h] = l;
  }
  const nodes = s.labelHex;
  const labelHex = new Int32Array(s.labels);
  for (let i = 0; i < s.labels; i++) labelHex[i] = nodeHex[nodes[i]!]!;
  const reached = s.reached.filter((l) => best[labelHex[l]!] === l);
  const folded: ReachSearch<T> = {
    allowance: s.allowance,
    best,
    reached,
    labelHex,
    labelParent: s.labelParent,
    labelStep: s.labelStep,
    labelCost: s.labelCost,
    labelOrder: s.labelOrder,
    labels: s.labels,
  };
  return Object.assign(folded, { stepsOf, pathOf: (l: number) => labelPath(folded, l) });
}

interface MapSteps {
  /** The distinct steps the graph's slots enter, as this ruleset reads them. */
  plain: PlainStep[];
  /** The search's graph: the map's hexes, then (a ruleset with Bypass on a map that allows it) bypass nodes. */
  adj: Int32Array;
  slotStep: Int32Array;
  degree: number;
  /** Per node: its hex (a hex's own node is the hex's index); null: the nodes are the hexes. */
  nodeHex: Int32Array | null;
  na: Set<string>;
  /** The step fields the ruleset reads, joined (part of what the cache is keyed on). */
  fields: string;
}

/**
 * Per map and per ruleset (its `resolve`), the steps of every slot: computed once, then reused. A
 * graph is treated as immutable once built (build a new one for a changed map).
 */
const STEPS = new WeakMap<MapGraph, Map<unknown, MapSteps>>();

/**
 * The search's graph for ruleset `b` on `g`. A plain map gives the map's own: one node per hex, six
 * slots. When the ruleset has Bypass (its steps have `bypass`) and the map names sides an obstacle
 * does not touch (`bypass`), a unit skirting the obstacle of hex X, about to leave it across side x,
 * is a node of its own (X, x), mapped back to X for the answer. Every node then has 36 slots: per
 * direction d, slot d enters the neighbour Y plainly, slot 6 + 5d + j - 1 (j = 1 … 5) enters Y in
 * Bypass to leave it across side (d + 3 + j) mod 6, the step `{ …, bypass: k }` with k the fewest
 * sides skirted (`bypassSides`; fewer never costs more). The plain slots come first, so of two paths
 * of one cost the search mostly finds the one without Bypass first. A node (X, x) leaves only across
 * x: plainly, or into the next hex's Bypass.
 */
function stepsFor<T, X extends MoveContext<T>>(b: ReachBinding<T, X>, g: MapGraph): MapSteps {
  let byRuleset = STEPS.get(g);
  if (byRuleset === undefined) STEPS.set(g, (byRuleset = new Map()));
  const key = b.resolve;
  const known = byRuleset.get(key);
  if (known !== undefined && known.fields === b.stepFields.join()) return known;
  const na = new Set<string>();
  const kinds = new Map<string, number>();
  const plain: PlainStep[] = [];
  const kindOf = (p: PlainStep): number => {
    const sig = `${p.terrain}|${p.hexside ?? ""}|${p.viaRoad ? 1 : 0}${p.uphill ? 1 : 0}${p.downhill ? 1 : 0}|${p.inches ?? ""}|${p.enemy ?? ""}|${p.alsoTerrain ?? ""}|${p.bypass ?? ""}|${p.bypassThrough ?? ""}|${p.stream ?? ""}`;
    let k = kinds.get(sig);
    if (k === undefined) {
      k = plain.length;
      kinds.set(sig, k);
      plain.push(p);
    }
    return k;
  };
  // The map's steps, one per slot (-1: the ruleset cannot enter or cross it).
  const mapStep = new Int32Array(6 * g.n).fill(-1);
  for (let slot = 0; slot < 6 * g.n; slot++) {
    if (g.adj[slot]! < 0) continue;
    const p = plainStep(g, slot, b.resolve, b.stepFields, na);
    if (p !== null) mapStep[slot] = kindOf(p);
  }
  const fields = b.stepFields.join();
  // Bypass nodes: (hex, exit side) for each hex with a side to skirt and a neighbour across x.
  const bypassNode = new Int32Array(6 * g.n).fill(-1);
  let nodes = g.n;
  // A map's Bypass sides mean nothing to a ruleset without Bypass: listed, never skirted.
  if (!b.stepFields.includes("bypass")) {
    if (g.bypass.some((m) => m !== 0)) na.add("bypass");
  } else
    for (let h = 0; h < g.n; h++)
      if (g.bypass[h] !== 0)
        for (let x = 0; x < 6; x++) if (g.adj[6 * h + x]! >= 0) bypassNode[6 * h + x] = nodes++;
  if (nodes === g.n) {
    const out: MapSteps = {
      plain,
      adj: g.adj,
      slotStep: mapStep,
      degree: 6,
      nodeHex: null,
      na,
      fields,
    };
    byRuleset.set(key, out);
    return out;
  }
  const degree = 36;
  const adj = new Int32Array(degree * nodes).fill(-1);
  const slotStep = new Int32Array(degree * nodes).fill(-1);
  const nodeHex = new Int32Array(nodes);
  for (let h = 0; h < g.n; h++) {
    nodeHex[h] = h;
    for (let x = 0; x < 6; x++)
      if (bypassNode[6 * h + x]! >= 0) nodeHex[bypassNode[6 * h + x]!] = h;
  }
  const withThrough = b.stepFields.includes("bypassThrough");
  /** From node `u` (in hex `from`), the ways out across side `d`. */
  const leave = (u: number, from: number, d: number): void => {
    const mapSlot = 6 * from + d;
    const to = g.adj[mapSlot]!;
    const s = mapStep[mapSlot]!;
    if (to < 0 || s < 0) return;
    adj[degree * u + d] = to;
    slotStep[degree * u + d] = s;
    const mask = g.bypass[to]!;
    if (mask === 0) return;
    const entry = (d + 3) % 6;
    for (let j = 1; j < 6; j++) {
      const exit = (entry + j) % 6;
      const node = bypassNode[6 * to + exit]!;
      const k = node < 0 ? 0 : bypassSides(mask, entry, exit);
      if (k === 0) continue;
      const step: PlainStep = { ...plain[s]!, bypass: k };
      if (withThrough && step.alsoTerrain !== undefined) step.bypassThrough = step.alsoTerrain;
      adj[degree * u + 6 + 5 * d + j - 1] = node;
      slotStep[degree * u + 6 + 5 * d + j - 1] = kindOf(step);
    }
  };
  for (let h = 0; h < g.n; h++) {
    for (let d = 0; d < 6; d++) leave(h, h, d);
    for (let x = 0; x < 6; x++) {
      const node = bypassNode[6 * h + x]!;
      if (node >= 0) leave(node, h, x);
    }
  }
  const out: MapSteps = { plain, adj, slotStep, degree, nodeHex, na, fields };
  byRuleset.set(key, out);
  return out;
}
