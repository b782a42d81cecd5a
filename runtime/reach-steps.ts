/**
 * What a ruleset gives reach (`ReachBinding`: its movement model, number type, reach profile and name
 * resolution), and the plain steps of a path on a map, as a scenario `path` would give them. Read by
 * the search (reach-map.ts) and by boarding (reach-board.ts).
 */
import { stepOf, type MapGraph } from "./map.js";
import type { ReachProfile } from "./reach.js";
import type { MoveContext, MoveModel, Num } from "./types.js";

/** A scenario step as JSON would give it (camelCase), built from a map step. */
export interface PlainStep {
  terrain: string;
  /** A second terrain in the hex entered (a ruleset that reads `alsoTerrain`: SL 5.54). */
  alsoTerrain?: string;
  /** The feature on the hexside crossed (a ruleset may take it as an obstacle). */
  hexside?: string;
  /** The hex's width in inches, for a ruleset that measures stretches (the map's `hexInches`). */
  inches?: number;
  viaRoad?: boolean;
  uphill?: boolean;
  downhill?: boolean;
  /** Who of the enemy holds the hex entered (a ruleset whose steps have `enemy`). */
  enemy?: string;
  /** The stream running through the hex entered (a ruleset whose steps have `stream`: Chain of Command). */
  stream?: string;
  /** A Bypass of the hex's obstacle along this many of its sides (SL 106, ASL A4.3). */
  bypass?: number;
  /** What the Bypass moves through: the hex's second terrain (SL 106.2); absent: open ground. */
  bypassThrough?: string;
}

/**
 * The step fields a map step may carry beyond terrain and hexside: a ruleset declaring one reads it
 * (its `stepFields`), the rest are not applicable to it. One list for the interpreter's binding and the
 * generated modules' `reach`.
 */
export const MAP_STEP_FIELDS = [
  "viaRoad",
  "uphill",
  "downhill",
  "inches",
  "alsoTerrain",
  "bypass",
  "bypassThrough",
  "stream",
] as const;

/** What a ruleset contributes to reach. */
export interface ReachBinding<T, X extends MoveContext<T>> {
  readonly model: MoveModel<T, X>;
  readonly num: Num<T>;
  readonly profile: ReachProfile<X>;
  /** The member a map's terrain, hexside, enemy, vehicle or stream name means in this ruleset, or null when it has none. */
  resolve(
    field: "terrain" | "hexside" | "enemy" | "vehicle" | "stream",
    name: string,
  ): string | null;
  /**
   * Step fields it declares among `viaRoad`, `uphill`, `downhill`, `inches`, `alsoTerrain` (the others
   * are not applicable), and `bypass`, `bypassThrough` (a ruleset with Bypass).
   */
  readonly stepFields: readonly string[];
  /** The context for `steps` (in this order), the unit and the phase. */
  prepare(steps: readonly PlainStep[]): X;
  /**
   * The member of the step `action` enum that gets off a vehicle (SQLA 31.4 `unload`, Tide of Iron's
   * `exit-transport`); null or absent when the ruleset cannot, or its binding does not say (then a unit
   * starting aboard reaches nothing, with `aboard` not applicable).
   */
  readonly unloadAction?: string | null;
  /**
   * The context for getting off `vehicle` in place, then `steps` (in this order): what reach prices
   * for a unit that starts aboard (a map's vehicle record, its `kind` this ruleset's member); null when
   * the ruleset cannot take this vehicle. May throw (a missing field).
   */
  prepareUnload?(steps: readonly PlainStep[], vehicle: Record<string, unknown>): X | null;
  /** The member of the step `action` enum that boards a vehicle, or null when the ruleset cannot board. */
  readonly boardAction: string | null;
  /**
   * The context for `steps`, then boarding `vehicle` in place (a map's vehicle record, its `kind` this
   * ruleset's member); null when the ruleset cannot take this vehicle. May throw (a missing field).
   */
  prepareAboard(steps: readonly PlainStep[], vehicle: Record<string, unknown>): X | null;
  /**
   * Whether `e`, thrown while pricing a move, says this input cannot be priced (a field the rules need
   * is missing, a value has no entry) rather than a bug: an `InputError` (runtime/errors.ts), from a
   * generated module or the interpreter.
   */
  inputError(e: unknown): boolean;
}

/**
 * The one map-step converter: the step that enters slot `slot` of `g` (6 × hex + direction) as a
 * ruleset reads it — names resolved by `resolve`, the flags among `viaRoad`, `uphill`, `downhill` and
 * `inches` that it does not declare in `stepFields` left out — or null when it has no name for the
 * hex's terrain or the hexside's feature. What it cannot read is added to `na` (`terrain: X`,
 * `hexside: X`, a flag's name, `enemy: X`); an enemy it cannot see leaves the hex open to it.
 */
export function plainStep(
  g: MapGraph,
  slot: number,
  resolve: ReachBinding<unknown, MoveContext<unknown>>["resolve"],
  stepFields: readonly string[],
  na: Set<string> | null = null,
): PlainStep | null {
  const m = stepOf(g, slot);
  // A name the ruleset has, or null with `kind: name` added to what it cannot read.
  const named = (kind: Parameters<typeof resolve>[0], name: string): ReturnType<typeof resolve> => {
    const r = resolve(kind, name);
    if (r === null) na?.add(`${kind}: ${name}`);
    return r;
  };
  const t = named("terrain", m.terrain);
  if (t === null) return null;
  const p: PlainStep = { terrain: t };
  if (m.hexside !== null) {
    const f = named("hexside", m.hexside);
    if (f === null) return null;
    p.hexside = f;
  }
  if (m.alsoTerrain !== null) {
    if (stepFields.includes("alsoTerrain")) {
      // A second terrain the ruleset lacks closes the hex to it, as the first does.
      const a = named("terrain", m.alsoTerrain);
      if (a === null) return null;
      p.alsoTerrain = a;
    } else if (!m.alsoImplied) na?.add("alsoTerrain");
    // A road a road chain implies is read through `viaRoad` by a ruleset without `alsoTerrain`.
  }
  for (const f of ["viaRoad", "uphill", "downhill"] as const) {
    if (!m[f]) continue;
    if (stepFields.includes(f)) p[f] = true;
    else na?.add(f);
  }
  if (stepFields.includes("inches") && g.hexInches !== null) p.inches = g.hexInches;
  if (m.stream !== null) {
    // A stream through the hex is crossed by the step entering it (Chain of Command 10.1.2.1: waded
    // as ground of its depth, or jumped as a minor obstacle); a kind the ruleset lacks closes the hex
    // to it, as a terrain does; a ruleset whose steps have no stream lists it and enters the hex.
    if (stepFields.includes("stream")) {
      const s = named("stream", m.stream);
      if (s === null) return null;
      p.stream = s;
    } else na?.add("stream");
  }
  if (m.enemy !== null) {
    const who = resolve("enemy", m.enemy);
    if (who === null) na?.add(`enemy: ${m.enemy}`);
    else p.enemy = who;
  }
  return p;
}

/**
 * The plain steps of a path of hex indices (start first), as a scenario `path` would give them: each
 * `plainStep`, so a path the search found is priced from the very steps it searched. A step the
 * ruleset cannot read (not on a path the search returns) keeps the map's own names.
 */
export function pathSteps(
  g: MapGraph,
  hexes: readonly number[],
  resolve: ReachBinding<unknown, MoveContext<unknown>>["resolve"] = (_f: string, n: string) => n,
  stepFields: readonly string[] = [],
): PlainStep[] {
  const out: PlainStep[] = [];
  for (let k = 1; k < hexes.length; k++) {
    let slot = -1;
    for (let d = 0; d < 6; d++)
      if (g.adj[6 * hexes[k - 1]! + d] === hexes[k]) slot = 6 * hexes[k - 1]! + d;
    out.push(
      plainStep(g, slot, resolve, stepFields) ?? plainStep(g, slot, (_f, n) => n, stepFields)!,
    );
  }
  return out;
}

/**
 * Bypass (SL 106.3, ASL A4.31): the fewest sides of a hex a unit skirts when it enters across its side
 * `entry` and leaves across its side `exit` (directions from the hex, DIRECTIONS), going round the
 * obstacle along sides in `mask` only (bit d: the side in direction d may be skirted), or 0 when it
 * cannot. The unit enters at either end of the entry side, moves along one or more contiguous sides,
 * and leaves from the vertex where it stops across either side that meets there: so entering across
 * N and leaving across SW skirts NW alone (ASL A4.31 EX: from 2D3 along D4-C4 to C5), leaving across
 * S skirts NW and SW (to D5). The entry and exit sides are crossed, not skirted: they need not be
 * in `mask` (a wall there is crossed as a wall).
 */
export function bypassSides(mask: number, entry: number, exit: number): number {
  let best = 0;
  // Vertex v lies between side v and side v + 1; side d runs from vertex d - 1 to vertex d.
  for (const v of [(entry + 5) % 6, entry])
    for (const dir of [1, -1])
      for (let k = 1; k <= 5 && (best === 0 || k < best); k++) {
        const side = dir === 1 ? (v + k) % 6 : (v - k + 7) % 6;
        if ((mask & (1 << side)) === 0) break;
        const w = (v + dir * k + 6) % 6;
        if (w === exit || w === (exit + 5) % 6) best = k;
      }
  return best;
}
