/**
 * Boarding a vehicle that stands on the map (the map's `vehicles`), for a ruleset that can board one
 * (`ReachBinding.boardAction`): after the search, every label that ends in a vehicle's hex (the start
 * hex included) is priced again as a whole move — its path, then the board step in place, with that
 * vehicle in the scenario — through `evaluateMove`, and the cheapest legal one is kept. A ruleset that
 * cannot board, rolls dice, or cannot take this vehicle (a kind it lacks, a field it needs missing)
 * lists `vehicle: D4` in `notApplicable` instead; nothing here throws at a map's content.
 */

import type { MapGraph } from "./map.js";
import { evaluateMove } from "./move.js";
import { labelPath, type ReachSearch } from "./reach.js";
import { pathSteps, type PlainStep, type ReachBinding } from "./reach-steps.js";
import type { MoveContext } from "./types.js";

/** The cheapest legal boarding of the vehicle in one hex. */
export interface ReachBoarding {
  /** The vehicle's hex. */
  hex: number;
  /** What the whole move costs, the board step included, in the measure. */
  cost: number;
  /** Its exact text ("5/2"). */
  exact: string;
  /** The hexes walked, start first, ending in the vehicle's hex. */
  path: number[];
  /** Their steps, as a scenario `path` gives them (a hex skirted in Bypass has `bypass`). */
  steps: PlainStep[];
  /** The vehicle's MP the boarding uses up, when the ruleset says. */
  vehicleSpent: number | null;
  /** The vehicle as this ruleset takes it (its `kind` this ruleset's member). */
  vehicle: Record<string, unknown>;
}

/** The hexes of a map that hold a vehicle, found once per graph (a graph is not changed once built). */
const VEHICLE_HEXES = new WeakMap<MapGraph, number[]>();
function vehicleHexes(g: MapGraph): number[] {
  let hexes = VEHICLE_HEXES.get(g);
  if (hexes === undefined) {
    hexes = [];
    for (let h = 0; h < g.n; h++)
      if (g.vehicles[h] !== null && g.vehicles[h] !== undefined) hexes.push(h);
    VEHICLE_HEXES.set(g, hexes);
  }
  return hexes;
}

export function boardingOnMap<T, X extends MoveContext<T>>(
  b: ReachBinding<T, X>,
  g: MapGraph,
  search: ReachSearch<T> | null,
  na: Set<string>,
  stepsOf: ((label: number) => PlainStep[]) | null = null,
): ReachBoarding[] {
  const out: ReachBoarding[] = [];
  for (const h of vehicleHexes(g)) {
    const v = g.vehicles[h]!;
    const kind = typeof v.kind === "string" ? b.resolve("vehicle", v.kind) : null;
    if (search === null || b.boardAction === null || b.model.dice > 0 || kind === null) {
      na.add(`vehicle: ${g.names[h]}`);
      continue;
    }
    const vehicle = { ...v, kind };
    let best: ReachBoarding | null = null;
    // Of paths that board at one cost, the one the search popped first (labels in that order).
    let bestOrder = -1;
    const order = search?.labelOrder ?? null;
    try {
      for (let i = 0; i < search.labels; i++) {
        if (search.labelHex[i] !== h) continue;
        const path = labelPath(search, i);
        const steps = stepsOf?.(i) ?? pathSteps(g, path, b.resolve, b.stepFields);
        const ctx = b.prepareAboard(steps, vehicle);
        if (ctx === null) {
          na.add(`vehicle: ${g.names[h]}`);
          break;
        }
        const r = evaluateMove(b.model, b.num, ctx);
        const at = order === null ? i : order[i]!;
        if (
          !r.legal ||
          (best !== null && (best.cost < r.spent || (best.cost === r.spent && bestOrder < at)))
        )
          continue;
        bestOrder = at;
        best = {
          hex: h,
          cost: r.spent,
          exact: r.exact.spent,
          path,
          steps,
          vehicleSpent: r.vehicleSpent,
          vehicle,
        };
      }
    } catch (e) {
      // A field the ruleset needs to price this boarding is missing, or a value it cannot take; else a bug.
      if (!b.inputError(e)) throw e;
      na.add(`vehicle: ${g.names[h]}`);
      best = null;
    }
    if (best !== null && !na.has(`vehicle: ${g.names[h]}`)) out.push(best);
  }
  return out;
}
