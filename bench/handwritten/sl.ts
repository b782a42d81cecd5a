/**
 * Hand-written SL Classic movement, the baseline the generated module is measured against: what a
 * careful developer would write for these exact costs (rulesets/sl-classic.rules, 5.4–5.54) with
 * typed arrays and integer ticks (½ MF = 1 tick), for the steps a map produces (terrain, hexside,
 * road, uphill). Not used by the product; `npm run bench` and test/bench/ only.
 */
import type { MapGraph } from "../../runtime/map.js";

const OPEN = 0;
const ROAD = 1;
const WOODS = 2;
const BUILDING = 3;
const SHELL = 4;
const WHEAT = 5;
const CODE: Record<string, number> = {
  "open-ground": OPEN,
  road: ROAD,
  woods: WOODS,
  building: BUILDING,
  "shell-hole": SHELL,
  wheatfield: WHEAT,
};
/** Ticks to enter, by terrain code (5.5). */
const ENTER = new Int32Array([2, 2, 4, 4, 2, 2]);
/** Does an uphill entry double the cost (5.53)? */
const DOUBLES = new Uint8Array([1, 1, 1, 1, 0, 0]);

/** SL cost in ticks of entering a hex: terrain code, crossing a wall/hedge, along the road, uphill. */
export function slStepTicks(
  terrain: number,
  hexside: boolean,
  viaRoad: boolean,
  uphill: boolean,
  alsoRoad = false,
): number {
  // 5.54: shell holes on a road count as road alone; 5.52: open ground along its road is a road hex.
  const priced = (terrain === SHELL || terrain === OPEN) && viaRoad ? ROAD : terrain;
  let c = priced === ROAD && viaRoad ? 1 : ENTER[priced]!; // 5.52: ½ MF along the road
  if (uphill && DOUBLES[priced] === 1) c *= 2; // 5.53
  // 5.54: any other terrain entered along its road adds the road's ½ MF (doubled uphill).
  if (viaRoad && priced !== ROAD) c += uphill ? 2 : 1;
  // A map's road through woods or a building, entered off the road: its 1 MF adds up (doubled uphill).
  else if (alsoRoad && !viaRoad) c += uphill ? 4 : 2;
  return hexside ? c + 2 : c; // 5.51: +1 MF for a wall or hedge
}

export function terrainCode(name: string): number {
  const c = CODE[name];
  if (c === undefined) throw new Error(`no SL terrain ${name}`);
  return c;
}

/** The allowance in ticks of an SL squad/half-squad/crew (5.4, 5.44, 142.33). */
export function slAllowanceTicks(
  kind: "squad" | "half-squad" | "crew",
  leader: boolean,
  portage: number,
): number {
  const ipc = kind === "squad" ? 6 : 4; // 3 PP, 2 PP (142.33)
  return Math.max(0, 8 + (leader ? 4 : 0) - Math.max(0, portage * 2 - ipc));
}

/** The same map as flat arrays: per hex its terrain code, per slot the step's cost in ticks. */
export interface SlMap {
  n: number;
  adj: Int32Array;
  /** 6 per hex: ticks to enter that neighbour, or -1. */
  cost: Int32Array;
}

export function slMap(g: MapGraph): SlMap {
  const cost = new Int32Array(6 * g.n).fill(-1);
  for (let h = 0; h < g.n; h++) {
    for (let d = 0; d < 6; d++) {
      const s = 6 * h + d;
      const to = g.adj[s]!;
      if (to < 0) continue;
      cost[s] = slStepTicks(
        terrainCode(g.terrain[to]!),
        g.hexside[s] !== null,
        g.road[s] === 1,
        g.level[to]! > g.level[h]!,
        g.also[to] === "road",
      );
    }
  }
  return { n: g.n, adj: g.adj, cost };
}

let heap = new Int32Array(1024);
let heapKey = new Int32Array(1024);
let dist = new Int32Array(0);

/**
 * Dijkstra from `from` in the Movement Phase: least ticks to every hex within `allowance` ticks;
 * returns MF per hex (NaN beyond). A binary heap of (ticks, hex) with lazy deletion.
 */
export function slReach(m: SlMap, from: number, allowance: number): Float64Array {
  if (dist.length < m.n) dist = new Int32Array(m.n);
  const INF = 0x3fffffff;
  dist.fill(INF, 0, m.n);
  const out = new Float64Array(m.n).fill(NaN);
  let size = 0;
  const push = (k: number, v: number): void => {
    if (size === heap.length) {
      const a = new Int32Array(size * 2);
      a.set(heap);
      heap = a;
      const b = new Int32Array(size * 2);
      b.set(heapKey);
      heapKey = b;
    }
    let i = size++;
    while (i > 0) {
      const p = (i - 1) >> 1;
      if (heapKey[p]! <= k) break;
      heap[i] = heap[p]!;
      heapKey[i] = heapKey[p]!;
      i = p;
    }
    heap[i] = v;
    heapKey[i] = k;
  };
  dist[from] = 0;
  push(0, from);
  while (size > 0) {
    const v = heap[0]!;
    const k = heapKey[0]!;
    const lv = heap[--size]!;
    const lk = heapKey[size]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= size) break;
      if (c + 1 < size && heapKey[c + 1]! < heapKey[c]!) c++;
      if (heapKey[c]! >= lk) break;
      heap[i] = heap[c]!;
      heapKey[i] = heapKey[c]!;
      i = c;
    }
    heap[i] = lv;
    heapKey[i] = lk;
    if (k > dist[v]!) continue;
    out[v] = k / 2;
    const base = 6 * v;
    for (let d = 0; d < 6; d++) {
      const c = m.cost[base + d]!;
      if (c < 0) continue;
      const to = m.adj[base + d]!;
      const nk = k + c;
      if (nk <= allowance && nk < dist[to]!) {
        dist[to] = nk;
        push(nk, to);
      }
    }
  }
  return out;
}

/**
 * Total ticks of a path of prepared SL steps (the generated module's `PStep` shape), read by the
 * terrain code `prepare` stores beside the name: the codes above are the ruleset's declaration order,
 * the generated module's too (test/bench/handwritten.test.ts holds them equal), so no lookup by name
 * is left in the loop.
 */
export function slPathTicks(
  path: readonly {
    terrainCode: number;
    hexside: string | null;
    viaRoad: boolean;
    uphill: boolean;
  }[],
): number {
  let t = 0;
  for (let i = 0; i < path.length; i++) {
    const s = path[i]!;
    t += slStepTicks(s.terrainCode, s.hexside !== null, s.viaRoad, s.uphill);
  }
  return t;
}
