/**
 * Reachability on a hex map: every hex where a unit may end its move, with the least cost and one
 * cheapest path. Written once, generic over the number representation (ticks in generated modules,
 * rationals in the interpreter), like the pricing loop in move.ts.
 *
 * The search is Dijkstra over labels (hex, state): a label is a path from the start, its cost the sum
 * of its step costs. `state` is what the ruleset can still tell apart about the path — the compiler
 * derives it (compiler/reach/profile.ts) and hands it over as a `ReachProfile`:
 * - the number of hexes entered, capped where the ruleset stops distinguishing (`hexCap`: SL reads
 *   `path.hexes` only against 0 and 1, so 0, 1 and "2 or more" are the states);
 * - the values of the path aggregates the ruleset reads (`key`: ASL's "every step along a road"),
 *   an aggregate in a rule with parameters once per argument the ruleset can pass; or, where an
 *   aggregate reads what no value can hold (`base`, a number a rule is passed from the path:
 *   `pathKey`), the path itself — its kinds of step in order, numbered once per (the parent's key,
 *   the step taken), so no key is asked and labels merge only where their steps are the same.
 * Two labels of the same state at the same hex price every continuation alike, so the cheaper one
 * wins. When the step cost reads only its own step (`localCost`), each kind of step is priced once.
 *
 * A label is a legal end of a move when the whole path passes what `evaluateMove` checks, asked of the
 * same functions (legal.ts): allowance (or Minimum Move for one hex), every constraint on the move and
 * on each step — and the start is always one (the move "none", `movesNone`). A step that costs NA,
 * halts the unit (`haltsBefore`) or breaks a constraint on steps where it is entered is not extended,
 * unless it breaks it only as the last step (`step.last`: it may not end the move there, but may go
 * on; where the move ends, the whole path is judged). Where halting reads the whole move (the path,
 * `step.last`: profile `pathHalts`, whose state is then the path), a step that halts only as the last
 * goes on too, and where the move ends every step is asked again. Labels are popped in cost order,
 * so the first legal label at a hex is its cheapest legal move. Paths are simple (no hex twice). The
 * search assumes what every bundled ruleset satisfies: step costs are never negative, an allowance
 * never grows as a path lengthens, and no constraint favours a longer path, nor does halting (a step
 * that halts, but for being the last, halts on every longer path too); so no step beyond the
 * allowance is taken but into a first hex (legal.ts `mayGoOn`), and a path whose allowance is NA
 * is not extended (`expands`). test/reach/prunes.test.ts holds each prune.
 *
 * Two loops run it. Where the profile needs no path read (numeric states, local costs and step
 * checks, a fixed allowance, no halts) and costs are integer ticks, the plain loop keeps one label
 * per state — SL: per hex, plus the start's neighbours at one hex entered — with its cost and parent,
 * updated in place when a cheaper path reaches the state before it is popped. Its queue is Dial's, a
 * FIFO list per tick count, so labels pop by cost and then by push, the general loop's order: the same
 * path is chosen on every tie. Per edge it reads three typed arrays and calls nothing; per label it
 * asks legality only where the state's cached checks do not answer. Every other profile takes the
 * general loop (SQLA 31, ASL A4, Tide of Iron, Chain of Command, and the interpreter's rationals): a
 * binary heap ordered by (cost, label index), the model asked per edge where the profile says the
 * path matters. The two are not one loop: the general loop's per-edge questions (a step's cost or
 * checks where it stands, halts, path keys) are calls on the path, and any branch to them would sit
 * in the plain loop's edge loop. What the general loop keeps:
 * - One best label per search state, by dominance: a step whose state already holds a label of cost
 *   ≤ its own is never pushed (that label, popped or not, prices every continuation at least as
 *   well), and a popped label no longer its state's best is dropped before it is judged or expanded.
 *   A cheaper path to a pushed state is a new label, not the old one updated in place as the plain
 *   loop does: a state fixes the hex count only up to the cap, so the label's length, anchor and
 *   jump pointer would all be rewritten, and the heap would need a push number per entry to keep
 *   (cost, label index) ties; a superseded label is rare (under 2 % of the labels of 200 × 200
 *   searches reaching 400–850 hexes) and costs one pop.
 * - Simple paths without a walk per edge. Numeric states walk only the ancestors below the hex cap
 *   (a step back onto a deeper ancestor's hex has that ancestor's state, popped and so no dearer:
 *   dominance prunes it). Other states ask only the labels expanded at the next hex (one per state
 *   that reached it) whether each is an ancestor, by a jump-pointer query in O(log h). A revisit
 *   cannot be left to dominance there: entering a hex again may change the key (a count grows), so
 *   its state differs from the ancestor's.
 * - Nothing allocated per edge by the search: states are entries of a per-hex chain in typed arrays
 *   (one table reused by every search, reset by the hexes it touched), keys are interned once as
 *   numbers, and the step taken is written into the loaded path in place. Where every aggregate's
 *   body reads only its own step, the unit, vehicle and scenario (`localKey`: SQLA 31, Tide of Iron,
 *   Chain of Command), each aggregate is a fold over one value per step, so the aggregates' values on
 *   a path of one step or more and the next step decide their values one step on: the key is asked
 *   once per (key, kind of step), and a table of key ids answers every other edge. Not from the
 *   start: there the empty path's value (a `min` of nothing is 0) can equal a one-step path's, and
 *   its key one step on is another. ASL A4's aggregates read the step's number, or another
 *   aggregate and the hexes entered (Difficult Terrain against the MF a road move adds): each is
 *   still a fold whose values on the steps taken stand while what it reads stays (`keyFolds`), so
 *   the key is asked once per (key, kind of step, steps taken), in a map of key ids, and over the
 *   whole path only where a part read or the hex count (capped) changes on the step. Other keys
 *   are asked per edge, over the whole path (a string the model makes, then looked up). The
 *   model's own work per edge (a step check where it stands, a halt, a rational sum) is the
 *   model's.
 * - Per label, the allowance once per state less its hex where it reads the path only through the
 *   hexes entered and the aggregates (`stateAllowance`: ASL A4, Chain of Command): two labels of one
 *   state (key, hexes entered capped) have the same allowance, as they pass the same constraints.
 */

import {
  expands,
  judgeMove,
  judgeStep,
  mayGoOn,
  movesNone,
  type Judging,
  type StepAsks,
} from "./legal.js";
import type { MoveContext, MoveModel, Num, Violation } from "./types.js";

export interface ReachProfile<X> {
  /** States distinguish 0 … hexCap-1 hexes entered and "hexCap or more"; Infinity: every count. */
  readonly hexCap: number;
  /** The step cost reads only its own step, the unit, vehicle and scenario (priced once per step kind). */
  readonly localCost: boolean;
  /** The allowance reads the path (it is evaluated per label). */
  readonly pathAllowance: boolean;
  /**
   * It reads the path only through the hexes entered and the aggregates: the search state (less its
   * hex) decides it, so it is evaluated once per such state. Absent: false.
   */
  readonly stateAllowance?: boolean;
  /** The ruleset has constraints on single steps (`checkStep` can report something). */
  readonly stepChecks: boolean;
  /**
   * Those constraints read only their own step, the unit, vehicle and scenario: a kind of step passes
   * or fails wherever it stands, so it is asked once per kind and a failing kind is never entered.
   */
  readonly localStepChecks?: boolean;
  /** A constraint on the move reads what the path spent; when not, `checkMove` is asked once per state. */
  readonly checksReadCost: boolean;
  /**
   * The aggregates' bodies read only their own step, the unit, vehicle and scenario: on a path of one
   * step or more, the key and the next step decide the key one step on (asked once per key and kind of
   * step). Absent: false.
   */
  readonly localKey?: boolean;
  /**
   * The path itself, its steps in order, is the key: a path aggregate reads what no key of values can
   * hold (compiler/reach/profile.ts `pathKey`), so two labels share a state only where their paths
   * take the same kinds of step; `key` is not asked. Absent: false.
   */
  readonly pathKey?: boolean;
  /**
   * Where the aggregates are folds though not local (compiler/reach/profile.ts `keyFolds`: a body
   * reads `step.number`, or other parts of the key and the hexes entered): per aggregate, the
   * indices of the others its body reads, -1 for the hexes entered. The key one step on is asked once
   * per (key, kind of step, steps taken) and reused, but asked of the whole path (not reused) where
   * a part read, or the hex count capped, changes on the step. Absent or null: asked per edge.
   */
  readonly keyFolds?: readonly (readonly number[])[] | null;
  /**
   * `haltAt` reads the whole move (the path, `step.last`, `all` of an allowance the path changes): eval
   * asks it over the whole path, so a step that halts only as the last goes on, and where a move ends
   * its every step is asked again. The profile then makes the path the state (`pathKey`). Absent: false.
   */
  readonly pathHalts?: boolean;
  /** The values of the path aggregates the ruleset reads, for the path in `ctx.path`; null: none. */
  readonly key: ((ctx: X) => string) | null;
}

/** The map as the search sees it: six neighbour slots per hex and the prepared step each slot enters. */
export interface ReachGraph<S> {
  readonly n: number;
  /** `degree` per node (6 per hex on a plain map): the node a slot leads to, or -1. */
  readonly adj: Int32Array;
  /** Per slot: index into `steps` of the step entering that node, or -1 when it cannot be entered. */
  readonly slotStep: Int32Array;
  readonly steps: readonly S[];
  /**
   * Slots per node; absent: 6. A map with Bypass (runtime/reach-map.ts) has more nodes than hexes — a
   * unit skirting an obstacle in a hex is a node of its own — and more ways out of each.
   */
  readonly degree?: number;
  /**
   * Steps at the start of every path that enter no hex (a unit getting off a vehicle before it moves:
   * runtime/reach-map.ts): counted as steps, not as hexes entered; absent: 0.
   */
  readonly prefix?: number;
}

/** The search's answer: per hex the label of its cheapest legal move (-1: unreachable). */
export interface ReachSearch<T> {
  /** The allowance of a move from the start (before any step). */
  allowance: T;
  /**
   * Per node, the label of its cheapest legal move (-1: unreachable). A search's own answer builds it
   * from `reached` when it is first read (an array the size of the map, which most answers never need).
   */
  readonly best: Int32Array;
  /** The labels that are their node's cheapest legal move, one per node reached, in label order. */
  reached: Int32Array;
  labelHex: Int32Array;
  labelParent: Int32Array;
  /** Per label, the index into the graph's `steps` of the step that entered its node (-1: the start). */
  labelStep: Int32Array;
  labelCost: T[];
  /**
   * Per label, where it stands in the search's pop order among labels of one cost (lower: popped
   * first); null: the label index is that order.
   */
  labelOrder: Int32Array | null;
  /** Labels created (the search's work, for benchmarks). */
  labels: number;
}

/** A copy of `a` with twice its room (every growing array of the search grows by this). */
function doubled<A extends Int32Array | Float64Array>(a: A): A {
  const b = new (a.constructor as new (n: number) => A)(a.length * 2);
  b.set(a);
  return b;
}

/**
 * Growable typed arrays for labels. A search works in one of the pooled sets (`pooledLabels`) and
 * copies out what its answer keeps (`Found`), so a search allocates no label arrays of its own.
 */
class Labels<T> {
  hex = new Int32Array(1024);
  parent = new Int32Array(1024);
  h = new Int32Array(1024);
  /** Index of the step that entered the label's hex (-1 for the start). */
  step = new Int32Array(1024);
  /**
   * The label's nearest ancestor (itself included) whose hex count is below the search's `hexCap`:
   * the simple-path walk of numeric states starts there (see `searchReach`).
   */
  anchor = new Int32Array(1024);
  /**
   * A jump pointer (Myers' skew-binary ancestors): with `parent`, it finds the ancestor at any depth
   * in O(log depth) steps, so a label with path state asks "is hex X on my path" without a walk.
   */
  jump = new Int32Array(1024);
  /** The label's search state (a slot of `bestByNumber`, or an entry of the per-hex state table). */
  state = new Int32Array(1024);
  /** The next expanded label at the same hex (-1: none), for labels that were expanded. */
  nextAtHex = new Int32Array(1024);
  /**
   * The plain search's order of a label: the number of its last push (a label there is updated in
   * place when its state gets cheaper), which is the label index the general loop would have given it.
   */
  order = new Int32Array(1024);
  /** Per label, its cost: for integer ticks a Float64Array with the arrays' room (no per-label growth). */
  cost: T[];
  size = 0;
  /** Whether labels keep jump pointers (only the per-hex state table's ancestor queries read them). */
  private readonly jumps: boolean;
  private readonly ticks: boolean;
  constructor(jumps: boolean, ticks: boolean) {
    this.jumps = jumps;
    this.ticks = ticks;
    this.cost = ticks ? (new Float64Array(1024) as unknown as T[]) : [];
    if (!jumps) {
      this.jump = new Int32Array(0);
      this.nextAtHex = new Int32Array(0);
    }
  }
  add(
    hex: number,
    parent: number,
    h: number,
    step: number,
    cost: T,
    state: number,
    anchor: number,
  ): number {
    if (this.size === this.hex.length) this.grow();
    const i = this.size++;
    this.hex[i] = hex;
    this.parent[i] = parent;
    this.h[i] = h;
    this.step[i] = step;
    this.cost[i] = cost;
    this.state[i] = state;
    this.anchor[i] = anchor < 0 ? i : anchor;
    if (!this.jumps) return i;
    if (parent < 0) this.jump[i] = i;
    else {
      const j = this.jump[parent]!;
      const hj = this.h[j]!;
      const jj = this.jump[j]!;
      this.jump[i] = this.h[parent]! - hj === hj - this.h[jj]! ? jj : parent;
    }
    return i;
  }
  /** Twice the room for labels (the arrays are new: a caller holding them reads them again). */
  grow(): void {
    this.hex = doubled(this.hex);
    this.parent = doubled(this.parent);
    this.h = doubled(this.h);
    this.step = doubled(this.step);
    this.anchor = doubled(this.anchor);
    this.state = doubled(this.state);
    this.order = doubled(this.order);
    if (this.ticks) this.cost = doubled(this.cost as unknown as Float64Array) as unknown as T[];
    if (this.jumps) {
      this.jump = doubled(this.jump);
      this.nextAtHex = doubled(this.nextAtHex);
    }
  }
  /** The ancestor of `label` (itself included) with `depth` hexes entered; depth ≤ the label's. */
  ancestorAt(label: number, depth: number): number {
    let k = label;
    while (this.h[k]! > depth)
      k = this.h[this.jump[k]!]! >= depth ? this.jump[k]! : this.parent[k]!;
    return k;
  }
}

/**
 * The search states of labels with path state (aggregate values, or an uncapped hex count): per hex a
 * chain of entries (hex count capped, key id) → the cheapest label seen in that state. A hex holds as
 * many entries as states reach it, so a lookup walks a few entries and allocates nothing. One table
 * serves every search: `reset` empties the chains the last search started, not the whole map.
 */
class StateTable {
  head = new Int32Array(0);
  next = new Int32Array(1024);
  h = new Float64Array(1024);
  key = new Int32Array(1024);
  label = new Int32Array(1024);
  /** The hexes whose chain is not empty, in the order their first entry came. */
  hexes = new Int32Array(1024);
  size = 0;
  used = 0;
  /** Room for a map of `n` hexes, every chain empty. */
  reserve(n: number): void {
    this.reset();
    if (this.head.length < n) this.head = new Int32Array(n).fill(-1);
  }
  reset(): void {
    for (let i = 0; i < this.used; i++) this.head[this.hexes[i]!] = -1;
    this.used = 0;
    this.size = 0;
  }
  /** The entry of (hex, h, key), created (holding no label) when new. */
  entry(hex: number, h: number, key: number): number {
    const first = this.head[hex]!;
    for (let e = first; e >= 0; e = this.next[e]!)
      if (this.h[e] === h && this.key[e] === key) return e;
    if (this.size === this.next.length) {
      this.next = doubled(this.next);
      this.key = doubled(this.key);
      this.label = doubled(this.label);
      this.h = doubled(this.h);
    }
    if (first < 0) {
      if (this.used === this.hexes.length) this.hexes = doubled(this.hexes);
      this.hexes[this.used++] = hex;
    }
    const e = this.size++;
    this.next[e] = first;
    this.head[hex] = e;
    this.h[e] = h;
    this.key[e] = key;
    this.label[e] = -1;
    return e;
  }
}

/** A binary min-heap of labels ordered by cost, then by label index (so every run is the same). */
interface LabelHeap<T> {
  size: number;
  push(label: number, cost: T): void;
  pop(): number;
}

/** For any number representation: costs compared with `gt`. */
class Heap<T> implements LabelHeap<T> {
  private readonly gt: (x: T, y: T) => boolean;
  a = new Int32Array(1024);
  k: T[] = [];
  size = 0;
  constructor(gt: (x: T, y: T) => boolean) {
    this.gt = gt;
  }
  private before(la: number, ka: T, lb: number, kb: T): boolean {
    if (this.gt(kb, ka)) return true;
    if (this.gt(ka, kb)) return false;
    return la < lb;
  }
  push(v: number, key: T): void {
    if (this.size === this.a.length) this.a = doubled(this.a);
    const a = this.a;
    const k = this.k;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (!this.before(v, key, a[p]!, k[p]!)) break;
      a[i] = a[p]!;
      k[i] = k[p]!;
      i = p;
    }
    a[i] = v;
    k[i] = key;
  }
  pop(): number {
    const a = this.a;
    const k = this.k;
    const top = a[0]!;
    const n = --this.size;
    const lv = a[n]!;
    const lk = k[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.before(a[c + 1]!, k[c + 1]!, a[c]!, k[c]!)) c++;
      if (!this.before(a[c]!, k[c]!, lv, lk)) break;
      a[i] = a[c]!;
      k[i] = k[c]!;
      i = c;
    }
    if (n > 0) {
      a[i] = lv;
      k[i] = lk;
    }
    return top;
  }
}

/** For integer ticks (generated modules): keys in a Float64Array, compared directly. NA never enters. */
class TickHeap implements LabelHeap<number> {
  a = new Int32Array(1024);
  k = new Float64Array(1024);
  size = 0;
  push(v: number, key: number): void {
    if (this.size === this.a.length) {
      this.a = doubled(this.a);
      this.k = doubled(this.k);
    }
    const a = this.a;
    const k = this.k;
    let i = this.size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      const kp = k[p]!;
      if (kp < key || (kp === key && a[p]! < v)) break;
      a[i] = a[p]!;
      k[i] = kp;
      i = p;
    }
    a[i] = v;
    k[i] = key;
  }
  pop(): number {
    const a = this.a;
    const k = this.k;
    const top = a[0]!;
    const n = --this.size;
    const lv = a[n]!;
    const lk = k[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && (k[c + 1]! < k[c]! || (k[c + 1] === k[c] && a[c + 1]! < a[c]!))) c++;
      if (k[c]! > lk || (k[c] === lk && a[c]! > lv)) break;
      a[i] = a[c]!;
      k[i] = k[c]!;
      i = c;
    }
    if (n > 0) {
      a[i] = lv;
      k[i] = lk;
    }
    return top;
  }
}

/**
 * A map from pairs of non-negative 32-bit integers to integers, in typed arrays (open addressing,
 * linear probing): asked per edge, it allocates nothing and boxes no number. A pair past 2³¹ − 1
 * (hundreds of millions of keys in one search) is stored wrapped but never found again — `slot`
 * compares the stored Int32 with the number asked — so it costs a lookup, never another pair's answer.
 */
class PairTable {
  a = new Int32Array(1024).fill(-1);
  b = new Int32Array(1024);
  v = new Int32Array(1024);
  size = 0;
  private slot(a: number, b: number): number {
    const mask = this.a.length - 1;
    let i = (Math.imul(a, 0x9e3779b1) ^ Math.imul(b, 0x85ebca6b)) & mask;
    while (this.a[i] !== -1 && (this.a[i] !== a || this.b[i] !== b)) i = (i + 1) & mask;
    return i;
  }
  /** The value of (a, b), or `none`. */
  get(a: number, b: number, none: number): number {
    const i = this.slot(a, b);
    return this.a[i] === -1 ? none : this.v[i]!;
  }
  set(a: number, b: number, value: number): void {
    if (2 * (this.size + 1) > this.a.length) {
      const [oa, ob, ov] = [this.a, this.b, this.v];
      this.a = new Int32Array(oa.length * 2).fill(-1);
      this.b = new Int32Array(oa.length * 2);
      this.v = new Int32Array(oa.length * 2);
      this.size = 0;
      for (let j = 0; j < oa.length; j++) if (oa[j] !== -1) this.set(oa[j]!, ob[j]!, ov[j]!);
    }
    const i = this.slot(a, b);
    if (this.a[i] === -1) this.size++;
    this.a[i] = a;
    this.b[i] = b;
    this.v[i] = value;
  }
}

/**
 * The plain search's queue (Dial's): one FIFO list of pushes per number of ticks. Pops come by ticks,
 * then by push — the order of the general loop's heap (cost, then label index) — at O(1) a push or
 * pop. A push is its number: `label` and `next` are indexed by it. Reused; a search leaves it empty.
 */
class TickBuckets {
  head = new Int32Array(256).fill(-1);
  tail = new Int32Array(256);
  label = new Int32Array(4096);
  next = new Int32Array(4096);
  /** Room for costs 0 … ticks - 1 (all lists empty). */
  reserve(ticks: number): void {
    if (this.head.length < ticks) {
      this.head = new Int32Array(ticks).fill(-1);
      this.tail = new Int32Array(ticks);
    }
  }
  /** Room for push `p` (the label and next arrays are new: a caller holding them reads them again). */
  grow(p: number): void {
    while (this.label.length <= p) {
      this.label = doubled(this.label);
      this.next = doubled(this.next);
    }
  }
}

/** A plain search's ticks (allowance and step) stay below this: a bucket per tick is small. */
const MAX_BUCKETS = 1 << 20;

let scratchStates = new Int32Array(0);
/** Per hex, the first label expanded there (-1: none), shared like `scratchStates`. */
let scratchExpanded = new Int32Array(0);
/** The state table of searches with path state, reused. */
const stateTable = new StateTable();
/** The heap of integer-tick searches, reused (a search leaves it empty). */
const tickHeap = new TickHeap();
/** The queue of plain searches, reused. */
const tickBuckets = new TickBuckets();
/** Per kind of step, its ticks in the plain search (reused). */
let plainTicks = new Float64Array(64);
/** Per node, the label of its cheapest legal move while a search runs (-1: none), shared likewise. */
let scratchBest = new Int32Array(0);
/** The label arrays searches work in, by (jumps, ticks): reused, grown as needed. */
const labelPool: (Labels<unknown> | undefined)[] = [];

/** A shared array of at least `size` entries, all -1 (each search resets the entries it set). */
function scratch(size: number): Int32Array {
  if (scratchStates.length < size) scratchStates = new Int32Array(size).fill(-1);
  return scratchStates;
}

/** The pooled label arrays for a search (no labels yet). */
function pooledLabels<T>(jumps: boolean, ticks: boolean): Labels<T> {
  const k = (jumps ? 2 : 0) + (ticks ? 1 : 0);
  const L = (labelPool[k] ??= new Labels<unknown>(jumps, ticks)) as Labels<T>;
  L.size = 0;
  // Rationals are objects: hold none from the last search.
  if (!ticks) (L.cost as unknown[]).length = 0;
  return L;
}

/**
 * A search's answer, copied out of the pooled labels: what paths and costs read (one Int32Array for
 * the label fields and `reached`, one for the costs), and per node the best label only when asked —
 * a search allocates about 24 bytes per label, not an array per field nor one the size of the map.
 */
class Found<T> implements ReachSearch<T> {
  allowance: T;
  reached: Int32Array;
  labelHex: Int32Array;
  labelParent: Int32Array;
  labelStep: Int32Array;
  labelCost: T[];
  labelOrder: Int32Array | null;
  labels: number;
  private readonly nodes: number;
  private byNode: Int32Array | null = null;
  constructor(L: Labels<T>, nodes: number, best: Int32Array, allowance: T, ordered: boolean) {
    const size = L.size;
    let count = 0;
    for (let i = 0; i < size; i++) if (best[L.hex[i]!] === i) count++;
    const fields = ordered ? 4 : 3;
    const kept = new Int32Array(fields * size + count);
    kept.set(L.hex.subarray(0, size), 0);
    kept.set(L.parent.subarray(0, size), size);
    kept.set(L.step.subarray(0, size), 2 * size);
    if (ordered) kept.set(L.order.subarray(0, size), 3 * size);
    const reached = kept.subarray(fields * size);
    for (let i = 0, j = 0; i < size; i++) if (best[L.hex[i]!] === i) reached[j++] = i;
    this.allowance = allowance;
    this.reached = reached;
    this.labelHex = kept.subarray(0, size);
    this.labelParent = kept.subarray(size, 2 * size);
    this.labelStep = kept.subarray(2 * size, 3 * size);
    this.labelOrder = ordered ? kept.subarray(3 * size, 4 * size) : null;
    this.labelCost =
      L.cost instanceof Float64Array
        ? (L.cost.slice(0, size) as unknown as T[])
        : (L.cost as T[]).slice(0, size);
    this.labels = size;
    this.nodes = nodes;
  }
  get best(): Int32Array {
    if (this.byNode === null) {
      const b = new Int32Array(this.nodes).fill(-1);
      for (let j = 0; j < this.reached.length; j++)
        b[this.labelHex[this.reached[j]!]!] = this.reached[j]!;
      this.byNode = b;
    }
    return this.byNode;
  }
}

/**
 * Searches every move from hex `from`. `ctx` is the prepared context (unit, vehicle, scenario, roll);
 * its `path` is replaced during the search and restored afterwards.
 */
export function searchReach<T, S, X extends MoveContext<T, unknown, unknown, S>>(
  model: MoveModel<T, X>,
  num: Num<T>,
  ctx: X,
  graph: ReachGraph<S>,
  from: number,
  profile: ReachProfile<X>,
): ReachSearch<T> {
  const { n, adj, slotStep, steps } = graph;
  const degree = graph.degree ?? 6;
  const originalPath = ctx.path;
  const buf: S[] = [];
  const pathKey = profile.pathKey === true;
  const numericStates = profile.key === null && !pathKey && profile.hexCap !== Infinity;
  const L = pooledLabels<T>(!numericStates, typeof num.zero === "number");
  const heap: LabelHeap<T> =
    typeof num.zero === "number" ? (tickHeap as unknown as LabelHeap<T>) : new Heap<T>(num.gt);
  heap.size = 0;
  if (scratchBest.length < n) scratchBest = new Int32Array(n).fill(-1);
  const best = scratchBest;
  const cap = profile.hexCap;
  // Hexes entered by a path of h steps: its first `prefix` steps are in place.
  const prefix = graph.prefix ?? 0;
  const hexesOf = (h: number): number => (h > prefix ? h - prefix : 0);
  const capped = (h: number) => (h < cap ? h : cap);
  // Numeric states: (hex, hex count capped) as one number, a slot of a shared array (a plane of
  // hexes per count, so neighbours' states lie as near as the hexes). Otherwise the
  // per-hex state table, with each distinct key (the path aggregates' values) numbered once.
  const stride = cap + 1;
  const bestByNumber = numericStates ? scratch(n * stride) : null;
  const table = numericStates ? null : stateTable;
  if (table !== null) table.reserve(n);
  const keyIds = new Map<string, number>();
  /** Per hex, the first expanded label there (-1: none); the rest chain through `L.nextAtHex`. */
  let expanded: Int32Array | null = null;
  if (!numericStates) {
    if (scratchExpanded.length < n) scratchExpanded = new Int32Array(n).fill(-1);
    expanded = scratchExpanded;
  }
  // Keys one step on (profile.localKey, profile.pathKey): per (key id of a path of one step or more
  // — with pathKey, of any path — and kind of step), 1 + the key id of the path with that step
  // added; 0: not asked yet.
  const kinds = steps.length;
  let keyNext =
    pathKey || (profile.key !== null && profile.localKey === true)
      ? new Int32Array(kinds * 4)
      : null;
  /** The id of a key's text, numbered in the order keys are first met. */
  const keyIdOf = (text: string): number => {
    const known = keyIds.get(text);
    if (known !== undefined) return known;
    const id = keyIds.size;
    keyIds.set(text, id);
    if (folds !== null) keyTexts.push(text);
    if (keyNext !== null) while (keyNext.length < (id + 1) * kinds) keyNext = doubled(keyNext);
    return id;
  };
  const violations: Violation[] = [];

  // Keys one step on by folds (profile.keyFolds): per (key id × kinds + kind of step, steps taken),
  // the key id one step on, or -1 where it is asked of the whole path. Each key's text by id, and
  // its parts.
  const folds = profile.key !== null && keyNext === null ? (profile.keyFolds ?? null) : null;
  const foldNext = folds !== null ? new PairTable() : null;
  const keyTexts: string[] = [];
  const keyParts: (string[] | undefined)[] = [];
  const partsOf = (id: number): string[] => (keyParts[id] ??= keyTexts[id]!.split("|"));
  /**
   * Whether key `next` of a path one step longer than one with key `prev` and `ph` steps is that
   * key's fold: no aggregate whose body reads other parts of the key or the hexes entered sees
   * them change on the step (its values on the steps before then stand).
   */
  const folded = (prev: number, next: number, ph: number): boolean => {
    const hexesMove = capped(hexesOf(ph)) !== capped(hexesOf(ph + 1));
    for (const reads of folds!)
      for (const d of reads) {
        if (d < 0 ? hexesMove : partsOf(prev)[d] !== partsOf(next)[d]) return false;
      }
    return true;
  };

  /** ctx.path := the label's path (start excluded), length h. */
  const load = (label: number): void => {
    const h = L.h[label]!;
    buf.length = h;
    for (let k = label, j = h - 1; j >= 0; k = L.parent[k]!, j--) buf[j] = steps[L.step[k]!]!;
    ctx.path = buf;
  };

  // The allowance of the empty move, and the costs of each kind of step when they are local.
  buf.length = 0;
  ctx.path = buf;
  ctx.i = 0;
  ctx.hexes = 0;
  ctx.spent = num.zero;
  const startAllowance = model.allowance(ctx, null);
  ctx.allowance = startAllowance;
  let edgeCost: T[] | null = null;
  if (profile.localCost) {
    edgeCost = new Array<T>(steps.length);
    for (let s = 0; s < steps.length; s++) {
      buf.length = 1;
      buf[0] = steps[s]!;
      ctx.i = 0;
      ctx.hexes = 1;
      edgeCost[s] = model.stepCost(ctx, null);
    }
  }

  // Local step checks: which kinds of step pass, asked once each; a path then holds only passing
  // steps, so its step checks need no asking again and play no part in the path-level cache.
  let stepOk: Uint8Array | null = null;
  if (profile.stepChecks && profile.localStepChecks === true) {
    stepOk = new Uint8Array(steps.length);
    for (let s = 0; s < steps.length; s++) {
      buf.length = 1;
      buf[0] = steps[s]!;
      ctx.i = 0;
      ctx.hexes = 1;
      ctx.allowance = startAllowance;
      ctx.spent = num.zero;
      violations.length = 0;
      stepOk[s] = judgeStep(
        model,
        num,
        ctx,
        startAllowance,
        num.zero,
        null,
        null,
        violations,
        null,
        {
          halts: false,
          checks: true,
        },
      )
        ? 1
        : 0;
    }
    buf.length = 0;
  }
  /** Step checks that depend on where a step stands in its path (asked per path). */
  const pathStepChecks = profile.stepChecks && stepOk === null;

  /**
   * The state of a label at `hex` with `h` steps, its path being in ctx.path: the path of label
   * `parent` (-1: none) and then step `s`. With local keys and a parent of one step or more, the key
   * is the parent's key one step on, asked of the ruleset once per (key, kind of step).
   */
  const stateOf = (hex: number, h: number, parent: number, s: number): number => {
    if (bestByNumber !== null) return capped(hexesOf(h)) * n + hex;
    let key = 0;
    if (pathKey) {
      // The path's key: its parent's and the kind of step taken, numbered once per pair.
      if (parent >= 0) {
        const at = table!.key[L.state[parent]!]! * kinds + s;
        key = keyNext![at]! - 1;
        if (key < 0) {
          key = keyIdOf(String(at));
          keyNext![at] = key + 1;
        }
      } else key = keyIdOf("");
    } else if (profile.key !== null) {
      ctx.hexes = hexesOf(h);
      if (keyNext !== null && parent >= 0 && L.h[parent]! > 0) {
        const at = table!.key[L.state[parent]!]! * kinds + s;
        key = keyNext[at]! - 1;
        if (key < 0) {
          key = keyIdOf(profile.key(ctx));
          keyNext![at] = key + 1;
        }
      } else if (folds !== null && parent >= 0 && L.h[parent]! > 0) {
        // Folds (profile.keyFolds): once per (key, kind of step, steps taken), unless a part of the
        // key that a body reads (or the hex count) changes on the step: then of the whole path.
        const ph = L.h[parent]!;
        const pk = table!.key[L.state[parent]!]!;
        const known = foldNext!.get(pk * kinds + s, ph, -2);
        if (known >= 0) key = known;
        else {
          key = keyIdOf(profile.key(ctx));
          if (known === -2) foldNext!.set(pk * kinds + s, ph, folded(pk, key, ph) ? key : -1);
        }
      } else key = keyIdOf(profile.key(ctx));
    }
    return table!.entry(hex, capped(hexesOf(h)), key);
  };
  const bestOf = (state: number): number =>
    bestByNumber !== null ? bestByNumber[state]! : table!.label[state]!;
  const setBest = (state: number, label: number): void => {
    if (bestByNumber !== null) bestByNumber[state] = label;
    else table!.label[state] = label;
  };

  // Per state less its hex (profile.stateAllowance), its allowance: (key id, hexes entered capped)
  // as one number, as `checks` numbers them.
  const allowanceByCore = profile.stateAllowance === true ? new Map<number, T>() : null;
  /** The allowance for the path of `label` (length h), in ctx.path where the state does not decide it. */
  const allowanceOf = (label: number, h: number): T => {
    if (!profile.pathAllowance) return startAllowance;
    ctx.hexes = hexesOf(h);
    ctx.spent = num.zero;
    if (allowanceByCore === null) return model.allowance(ctx, null);
    const e = L.state[label]!;
    const core = table !== null ? table.key[e]! * 1048576 + table.h[e]! : capped(hexesOf(h));
    const known = allowanceByCore.get(core);
    if (known !== undefined) return known;
    const a = model.allowance(ctx, null);
    allowanceByCore.set(core, a);
    return a;
  };

  // Whether the constraints on the move hold depends only on the state (less the hex) when no
  // constraint reads what the path spent and none is on single steps: ask once per such state.
  const cacheChecks = !profile.checksReadCost && !pathStepChecks;
  const checkedByNumber = cacheChecks && numericStates ? new Int8Array(stride) : null;
  const checkedByKey = cacheChecks && !numericStates ? new Map<number, boolean>() : null;
  /** The ruleset has steps the unit halts before (legal.ts `haltsBefore`), asked per path. */
  const halting = model.haltAt !== undefined;
  /** Halting reads more than its step (profile.pathHalts): judged again over the whole path. */
  const pathHalts = halting && profile.pathHalts === true;
  /** What the general loop asks of a step where it is entered (null: nothing beyond its cost). */
  const edgeAsk: StepAsks | null =
    halting || pathStepChecks ? { halts: halting, checks: pathStepChecks } : null;
  // Whether the search needs each label's path in ctx.path (else only to ask a constraint).
  const needsPath = !(
    numericStates &&
    profile.localCost &&
    !profile.pathAllowance &&
    !pathStepChecks &&
    !halting
  );

  // The label being expanded, and whether its path is in ctx.path.
  let current = -1;
  let loaded = -1;
  const ensure = (): void => {
    if (loaded !== current) {
      load(current);
      loaded = current;
    }
  };

  /** Per steps taken, the cost of the label on the path being judged (pathHalts: spent before each step). */
  const spentAt: T[] = [];
  /**
   * How reach asks legal.ts `judgeMove` whether a label's move may end: only the verdict (`first`);
   * its steps were asked as they were entered (`judgeStep` per edge), so they are walked again only
   * where halting reads the whole move (`pathHalts`) or a constraint on steps depends on where the step
   * stands (`pathStepChecks`: asked again over the whole path, as eval asks it); the constraints on the
   * move only where the state's verdict is not known yet (`checkMove`).
   */
  const judging: Judging<T> = {
    cost: () => null,
    trace: () => null,
    spentBefore: (i) => spentAt[i]!,
    spent: null,
    none: false,
    // The verdict only: an NA allowance's citation is not looked for.
    allowanceTrace: [],
    steps: false,
    ask: { halts: pathHalts, checks: pathStepChecks },
    checkMove: true,
    first: true,
    log: null,
  };
  /**
   * Whether the move of `label` (h steps, `spent`, against `allowance`) is legal: legal.ts `judgeMove`'s
   * verdict. Where the constraints' verdict depends only on the state less its hex (`cacheChecks`), it
   * is kept once known: passed where the move was legal or failed only by overspending, failed where
   * it failed a constraint on the move.
   */
  const legal = (label: number, h: number, spent: T, allowance: T): boolean => {
    if (h === 0) {
      ensure();
      if (movesNone(ctx)) return true;
    }
    let known = 0;
    let core = 0;
    if (checkedByNumber !== null) known = checkedByNumber[capped(hexesOf(h))]!;
    else if (checkedByKey !== null) {
      // The state less its hex: (key id, hex count capped); counts stay below 2^20 (a simple path
      // on the largest map has fewer hexes).
      const e = L.state[label]!;
      core = table!.key[e]! * 1048576 + table!.h[e]!;
      const k = checkedByKey.get(core);
      known = k === undefined ? 0 : k ? 1 : 2;
    }
    if (known === 2) return false;
    const walk = pathHalts || (known === 0 && pathStepChecks);
    // The path is read where steps are walked, the constraints asked, or Minimum Move asked (a move
    // of one hex beyond its allowance; one of another length overspends without reading it).
    if (walk || known === 0 || (hexesOf(h) === 1 && num.gt(spent, allowance))) ensure();
    if (pathHalts)
      for (let k = L.parent[label]!, i = h - 1; k >= 0; k = L.parent[k]!, i--)
        spentAt[i] = L.cost[k]!;
    ctx.hexes = hexesOf(h);
    ctx.allowance = allowance;
    ctx.spent = spent;
    judging.spent = spent;
    judging.steps = walk;
    judging.checkMove = known === 0;
    violations.length = 0;
    const verdict = judgeMove(model, num, ctx, judging, violations);
    if (known === 0 && verdict !== "allowance" && verdict !== "step") {
      const ok = verdict !== "move";
      if (checkedByNumber !== null) checkedByNumber[capped(hexesOf(h))] = ok ? 1 : 2;
      else if (checkedByKey !== null) checkedByKey.set(core, ok);
    }
    return verdict === "legal";
  };

  /**
   * Whether hex `next` is on the path of `label` (h hexes entered), for states that are not numeric:
   * every ancestor of a label was expanded, so only the labels expanded at `next` (one per state
   * that reached it) are asked, each with an ancestor query in O(log h) — no walk along the path.
   */
  const onPathByState = (label: number, h: number, next: number): boolean => {
    for (let e = expanded![next]!; e >= 0; e = L.nextAtHex[e]!) {
      const d = L.h[e]!;
      if (d < h && L.ancestorAt(label, d) === e) return true;
    }
    return false;
  };

  /**
   * The plain search's loop (see below): one label per state, updated in place; nothing called per
   * edge. What it reads is held in locals (the label arrays read again when they grow).
   */
  const plainSearch = (): void => {
    const tick = num as unknown as Num<number>;
    const ticks = plainTicks;
    let costs = L.cost as unknown as number[];
    const byNumber = bestByNumber!;
    const checked = checkedByNumber;
    const q = tickBuckets;
    const adjL = adj;
    const slotStepL = slotStep;
    const bestL = best;
    const deg = degree;
    const plane = n;
    const cap_ = cap;
    const pre = prefix;
    const allowed = most;
    let hexA = L.hex;
    let parentA = L.parent;
    let hA = L.h;
    let stepA = L.step;
    let anchorA = L.anchor;
    let stateA = L.state;
    let orderA = L.order;
    let size = L.size;
    const heads = q.head;
    const tails = q.tail;
    let qLabel = q.label;
    let qNext = q.next;
    // Push 0: the root, at 0 ticks.
    qLabel[0] = root;
    qNext[0] = -1;
    heads[0] = 0;
    tails[0] = 0;
    let pushes = 1;
    let t = 0;
    // The hexes on a label's path that the states do not rule out (below the cap: see the general
    // loop), gathered once per label, not per edge.
    const low = new Int32Array(cap + prefix + 2);
    for (;;) {
      while (t < lastBucket && heads[t]! < 0) t++;
      if (t >= lastBucket) break;
      const p = heads[t]!;
      heads[t] = qNext[p]!;
      const label = qLabel[p]!;
      // An older push of a label since made cheaper (it was pushed again, later).
      if (orderA[label] !== p) continue;
      const cost = costs[label]!;
      const hex = hexA[label]!;
      const h = hA[label]!;
      const entered = h > pre ? h - pre : 0;
      if (bestL[hex]! < 0) {
        // Within the allowance, a move beyond the start is legal as its state's checks say (asked
        // once per state: legal.ts never finds it overspent).
        const known =
          checked !== null && h > 0 && cost <= allowed
            ? checked[entered < cap_ ? entered : cap_]!
            : 0;
        if (known === 1) bestL[hex] = label;
        else if (known === 0) {
          current = label;
          L.size = size;
          if (legal(label, h, cost as unknown as T, startAllowance)) bestL[hex] = label;
        }
      }
      // (legal.ts `expands` holds: the plain search runs only from an allowance that is not NA.)
      const hn = entered + 1 < cap_ ? entered + 1 : cap_;
      const anchor = hn >= cap_ ? anchorA[label]! : -1;
      let lows = 0;
      for (let k = anchorA[label]!; k >= 0; k = parentA[k]!) low[lows++] = hexA[k]!;
      const low0 = lows > 0 ? low[0]! : -1;
      const low1 = lows > 1 ? low[1]! : -1;
      for (let slot = deg * hex, end = slot + deg; slot < end; slot++) {
        const next = adjL[slot]!;
        if (next < 0) continue;
        const s = slotStepL[slot]!;
        if (s < 0) continue;
        const c = ticks[s]!;
        if (c !== c) continue;
        const total = cost + c;
        // Beyond the allowance only a first hex (Minimum Move) may still be a legal end.
        if (!mayGoOn(tick, total, allowed, entered)) continue;
        const state = hn * plane + next;
        let child = byNumber[state]!;
        // Not yet popped (it costs more than this label): the cheaper path takes its place.
        if (child >= 0 && !(costs[child]! > total)) continue;
        // Simple paths only: a step back onto a hex below the cap on this path.
        if (next === low0 || next === low1) continue;
        if (lows > 2) {
          let j = 2;
          while (j < lows && low[j] !== next) j++;
          if (j < lows) continue;
        }
        if (child < 0) {
          if (size === hexA.length) {
            L.size = size;
            L.grow();
            hexA = L.hex;
            parentA = L.parent;
            hA = L.h;
            stepA = L.step;
            anchorA = L.anchor;
            stateA = L.state;
            orderA = L.order;
            costs = L.cost as unknown as number[];
          }
          child = size++;
          hexA[child] = next;
          stateA[child] = state;
          byNumber[state] = child;
        }
        parentA[child] = label;
        hA[child] = h + 1;
        stepA[child] = s;
        costs[child] = total;
        anchorA[child] = anchor < 0 ? child : anchor;
        orderA[child] = pushes;
        if (pushes === qLabel.length) {
          q.grow(pushes);
          qLabel = q.label;
          qNext = q.next;
        }
        qLabel[pushes] = child;
        qNext[pushes] = -1;
        if (heads[total]! < 0) heads[total] = pushes;
        else qNext[tails[total]!] = pushes;
        tails[total] = pushes++;
      }
    }
    L.size = size;
  };

  buf.length = 0;
  ctx.path = buf;
  const rootState = stateOf(from, 0, -1, -1);
  const root = L.add(from, -1, 0, -1, num.zero, rootState, -1);
  setBest(rootState, root);

  // The plain search (issue 27): integer ticks, numeric states, local costs and step checks — no path
  // is ever loaded. Each kind of step is one number (its ticks, or NaN where it may not be taken: NA
  // or a failing local step check). A state holds one label, updated in place when a cheaper path
  // reaches it, and the queue pops by ticks, then by push (a push's number is the label index the
  // general loop would give, so the same pops in the same order and the same answer).
  // Not with steps in place before the first hex (`prefix`): a path of no hex entered goes on
  // whatever it spent (legal.ts `mayGoOn`), so its pushes are not bounded by the allowance.
  let plain =
    !needsPath && typeof num.zero === "number" && !num.isNA(startAllowance) && prefix === 0;
  const most = startAllowance as unknown as number;
  let maxTick = 0;
  if (plain) {
    const kinds = steps.length;
    if (plainTicks.length < kinds) plainTicks = new Float64Array(kinds);
    for (let k = 0; k < kinds; k++) {
      const c = edgeCost![k] as unknown as number;
      plainTicks[k] = stepOk !== null && stepOk[k] === 0 ? NaN : c;
      // Keys stay exact: whole, non-negative ticks below 2^26 a step and a move, few enough states.
      if (c === c && !(Number.isInteger(c) && c >= 0 && c < MAX_BUCKETS)) plain = false;
      else if (c > maxTick) maxTick = c;
    }
    if (!(Number.isInteger(most) && most >= 0 && most < MAX_BUCKETS)) plain = false;
  }
  // Only a first hex is pushed beyond the allowance (legal.ts `mayGoOn`), from the start at cost 0,
  // so no push costs more than this.
  const lastBucket = most + maxTick + 1;
  if (plain) tickBuckets.reserve(lastBucket);
  let found: Found<T>;
  try {
    if (plain) plainSearch();
    else heap.push(root, num.zero);
    while (heap.size > 0) {
      const label = heap.pop();
      if (bestOf(L.state[label]!) !== label) continue; // superseded by a cheaper label of its state
      const hex = L.hex[label]!;
      const h = L.h[label]!;
      const cost = L.cost[label]!;
      current = label;
      if (needsPath) ensure();
      const allowance = allowanceOf(label, h);
      if (best[hex]! < 0 && legal(label, h, cost, allowance)) best[hex] = label;
      if (!expands(num, allowance)) continue;
      if (needsPath) {
        ensure();
        // Room for the step taken: each edge below writes it (and nothing loads a path meanwhile).
        buf.length = h + 1;
      }
      if (expanded !== null) {
        L.nextAtHex[label] = expanded[hex]!;
        expanded[hex] = label;
      }

      for (let d = 0; d < degree; d++) {
        const slot = degree * hex + d;
        const next = adj[slot]!;
        if (next < 0) continue;
        const s = slotStep[slot]!;
        if (s < 0) continue;
        // Simple paths only. With numeric states, an ancestor with `hexCap` or more hexes entered has
        // the state a step back onto its hex would have; it was popped, so it is the cheapest of that
        // state, and the step (costs never negative) is pruned below without a walk. Only ancestors
        // below the cap (at most `hexCap`, from the label's anchor up) are walked. Other states ask
        // the labels expanded at `next` (onPathByState). Either way no walk along the whole path, so
        // reach stays near-linear in the hexes reached.
        if (expanded !== null) {
          if (expanded[next]! >= 0 && onPathByState(label, h, next)) continue;
        } else {
          let onPath = false;
          for (let k = L.anchor[label]!; k >= 0; k = L.parent[k]!)
            if (L.hex[k] === next) {
              onPath = true;
              break;
            }
          if (onPath) continue;
        }
        let c: T;
        if (needsPath) buf[h] = steps[s]!;
        if (edgeCost !== null) c = edgeCost[s]!;
        else {
          ctx.i = h;
          ctx.hexes = hexesOf(h + 1);
          ctx.spent = num.zero;
          ctx.allowance = allowance;
          c = model.stepCost(ctx, null);
        }
        // A step that costs NA ends the search along this path.
        if (num.isNA(c)) continue;
        // A kind of step that fails its local step checks is never entered (asked once per kind).
        if (stepOk !== null && stepOk[s] === 0) continue;
        if (edgeAsk !== null) {
          // A step that halts the unit (an obstacle its allowance does not carry it past) or breaks a
          // step constraint where it stands ends the search along this path — unless it does so
          // only as the move's last step (ASL A4.32: no move ends in Bypass; a halt reading
          // `step.last`): then the path goes on, and where it ends `legal` judges every step on the
          // whole path. A step constraint or halt that reads only its step says the same again.
          ctx.i = h;
          ctx.hexes = hexesOf(h + 1);
          ctx.allowance = allowance;
          ctx.spent = num.zero;
          // Emptied only when a step before left something in it (no length written per edge).
          if (violations.length !== 0) violations.length = 0;
          if (!judgeStep(model, num, ctx, allowance, cost, c, null, violations, null, edgeAsk)) {
            // Asked again as a step that is not the last (one more copy of it on the path).
            buf.length = h + 2;
            buf[h + 1] = buf[h]!;
            violations.length = 0;
            const goesOn = judgeStep(
              model,
              num,
              ctx,
              allowance,
              cost,
              c,
              null,
              violations,
              null,
              edgeAsk,
            );
            buf.length = h + 1;
            if (!goesOn) continue;
          }
        }
        const total = num.add(cost, c);
        // Beyond the allowance only a first hex (Minimum Move) may still be a legal end.
        if (!mayGoOn(num, total, allowance, hexesOf(h))) continue;
        const state = stateOf(next, h + 1, label, s);
        const held = bestOf(state);
        if (held >= 0 && !num.gt(L.cost[held]!, total)) continue;
        const child = L.add(
          next,
          label,
          h + 1,
          s,
          total,
          state,
          numericStates && hexesOf(h + 1) >= cap ? L.anchor[label]! : -1,
        );
        setBest(state, child);
        heap.push(child, total);
      }
    }
    found = new Found<T>(L, n, best, startAllowance, plain);
  } finally {
    ctx.path = originalPath;
    for (let i = 0; i < L.size; i++) best[L.hex[i]!] = -1;
    // Leave the shared scratch array all -1 again, touching only the states this search used.
    if (bestByNumber !== null) for (let i = 0; i < L.size; i++) bestByNumber[L.state[i]!] = -1;
    if (expanded !== null) for (let i = 0; i < L.size; i++) expanded[L.hex[i]!] = -1;
    if (table !== null) table.reset();
    heap.size = 0;
    // Empty every list again (a search cut short by an error leaves some).
    if (plain) tickBuckets.head.fill(-1, 0, lastBucket);
  }
  return found;
}

/** The hexes of the path ending in `label`, start first. */
export function labelPath(search: ReachSearch<unknown>, label: number): number[] {
  const out: number[] = [];
  for (let k = label; k >= 0; k = search.labelParent[k]!) out.push(search.labelHex[k]!);
  return out.reverse();
}
