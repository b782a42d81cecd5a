/** Shared by the reach tests: load a bundled ruleset, build a reach report for a map and a unit. */
import { expect } from "vitest";
import { join } from "node:path";
import { loadRuleset } from "../../compiler/engine/index.js";
import { parseScenario } from "../../compiler/scenario/index.js";
import { buildReach, type ReachBuilt } from "../../compiler/reach/build.js";
import type { RulesetIR } from "../../compiler/ir/ir.js";
import { buildGraph, hexName, type MapGraph, type MapJson } from "../../runtime/map.js";
import type { ReachAnswer } from "../../runtime/reach-map.js";
import type { MoveResult } from "../../runtime/types.js";
import * as generated from "../../generated/index.js";
import { nodeHost, rulesetFolders } from "../../compiler/node/host.js";

export const ROOT = join(__dirname, "..", "..");

/** A generated module (generated/<id>.ts) as the reach tests call it: `evaluate` and `reach`. */
export interface Gen {
  evaluate(input: unknown, trace?: boolean): MoveResult;
  reach(
    map: MapGraph,
    unit: unknown,
    from: string,
    scenario?: unknown,
    roll?: readonly number[],
    aboard?: boolean,
  ): ReachAnswer;
}
/** The bundled generated modules by ruleset id. */
export const modules = generated.rulesets as unknown as Record<string, Gen>;
const host = nodeHost(rulesetFolders(ROOT));
const cache = new Map<string, RulesetIR>();
export function ir(id: string): RulesetIR {
  let r = cache.get(id);
  if (!r) cache.set(id, (r = loadRuleset(id, host).ir!));
  return r;
}

export function reachOf(
  ids: string[],
  map: MapJson,
  from: string,
  unit: Record<string, unknown>,
  phase = "movement",
): ReachBuilt {
  const irs = ids.map(ir);
  const p = parseScenario(JSON.stringify({ phase, unit, path: [] }), "u.json", irs);
  if (p.diagnostics.length > 0) throw new Error(JSON.stringify(p.diagnostics));
  return buildReach({
    map,
    from,
    phase,
    unit,
    rulesets: p.perRuleset.map((x, i) => ({
      ir: irs[i]!,
      base: x.value,
      notApplicable: x.notApplicable,
    })),
  });
}

/** hex → cost of one ruleset's result. */
export function costs(b: ReachBuilt, i = 0): Record<string, number> {
  return Object.fromEntries(
    Object.entries(b.report.results[i]!.hexes).map(([k, v]) => [k, v.cost]),
  );
}

/** A `cols` × `rows` map named `name` whose hex i (column-major: column ⌊i / rows⌋) has `terrain[i]`. */
export function gridGraph(
  name: string,
  cols: number,
  rows: number,
  terrain: readonly string[],
): MapGraph {
  const hexes: Record<string, string> = {};
  terrain.forEach((t, i) => {
    hexes[hexName(Math.floor(i / rows), i % rows)] = t;
  });
  const map: MapJson = { name, columns: cols, rows, terrain: { default: "open-ground", hexes } };
  return buildGraph(map);
}

/**
 * The brute force the searches are held to: every simple path from `from` of fewer than `maxLength`
 * hexes (the start counted) is judged by `judge`, and the least spent by a legal one is kept per
 * end hex; a path is extended only while `judge` says `goOn`.
 */
export function bruteReach(
  g: MapGraph,
  from: number,
  maxLength: number,
  judge: (path: readonly number[]) => { legal: boolean; spent: number; goOn: boolean },
): Map<number, number> {
  const best = new Map<number, number>();
  const path = [from];
  const visit = (): void => {
    const r = judge(path);
    const end = path[path.length - 1]!;
    if (r.legal && !(best.get(end)! <= r.spent)) best.set(end, r.spent);
    if (!r.goOn || path.length >= maxLength) return;
    for (let d = 0; d < 6; d++) {
      const next = g.adj[6 * end + d]!;
      if (next < 0 || path.includes(next)) continue;
      path.push(next);
      visit();
      path.pop();
    }
  };
  visit();
  return best;
}

/** Each answer's cost at every hex is the brute force's (`best`; NaN where no legal path ends). */
export function expectAsBrute(
  g: MapGraph,
  best: ReadonlyMap<number, number>,
  answers: Record<string, ReachAnswer>,
  where: string,
): void {
  for (let h = 0; h < g.n; h++) {
    const want = best.get(h) ?? NaN;
    for (const [name, a] of Object.entries(answers))
      expect(a.cost[h], `${name} ${g.names[h]} ${where}`).toEqual(want);
  }
}
