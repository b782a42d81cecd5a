/**
 * The `variorum reach --format json` contract (docs/maps.md): per ruleset every
 * hex where the unit may end its move, with the least cost, one cheapest path and its citations;
 * `differences` lists the hexes where the rulesets disagree; on a map with vehicles, `boarding` gives per
 * ruleset the cheapest legal move that ends by boarding each one. The renderers (text, SVG/HTML) read only
 * this and the map.
 */
import type { DistributionSummary } from "../../runtime/types.js";

export interface ReachHex {
  /** Least cost in the ruleset's measure (exact value in `exact` when not whole). */
  cost: number;
  /** One cheapest path, start hex first. */
  path: string[];
  /** Citations of the rules that priced the path's steps, in order, without repeats. */
  rules: string[];
  exact?: string;
  /** Dice rulesets without a fixed roll: the probability that the roll lets the unit end here. */
  probability?: number;
  /** The hexes of `path` skirted in Bypass (SL 106, ASL A4.3); absent when none is. */
  bypass?: ReachBypass[];
}

/** A hex a path skirts in Bypass: `path[step]`, and how many of its sides the unit moves along. */
export interface ReachBypass {
  step: number;
  hex: string;
  sides: number;
}

/** The cheapest legal move that walks to a vehicle and boards it (the board step priced in `cost`). */
export interface ReachBoarding {
  /** The whole move's cost, the board step included, in the ruleset's measure (exact value in `exact` when not whole). */
  cost: number;
  /** The hexes walked, start first, ending in the vehicle's hex. */
  path: string[];
  /** Citations of the rules that priced the move's steps, in order, without repeats. */
  rules: string[];
  exact?: string;
  /** The vehicle's MP the boarding uses up, when the ruleset says. */
  vehicleSpent?: number;
  /** The hexes of `path` skirted in Bypass; absent when none is. */
  bypass?: ReachBypass[];
}

export interface ReachRulesetResult {
  ruleset: string;
  title: string;
  /** "MF", "MP", "inch". */
  measure: string;
  /** The allowance for a move from the start (a distribution for a dice ruleset without a fixed roll). */
  allowance: number | DistributionSummary | null;
  /** This ruleset's own unit (`--unit ID=JSON`), when it is not the report's `unit`. */
  unit?: Record<string, unknown>;
  /** Map terrain / hexside names this ruleset has no concept for (those hexes are impassable). */
  notApplicable: string[];
  /** Reachable hexes, keyed by name, in map order (column-major). */
  hexes: Record<string, ReachHex>;
  /**
   * A map with vehicles only: per vehicle's hex that this ruleset can board there, the cheapest legal
   * boarding (a vehicle it cannot board is `vehicle: D4` in `notApplicable`).
   */
  boarding?: Record<string, ReachBoarding>;
  /**
   * A unit starting aboard (`aboard`): the step that gets it off the vehicle (this ruleset's member,
   * `unload`, `exit-transport`), first on every path and counted in every cost; absent when the
   * ruleset cannot (then `aboard` is in `notApplicable` and no hex is reached).
   */
  getsOff?: string;
}

export interface ReachDifference {
  hex: string;
  reachable: Record<string, boolean>;
  cost: Record<string, number | null>;
  /** Per ruleset, the citations of its cheapest path to this hex (absent when unreachable). */
  rules: Record<string, string[]>;
}

/**
 * The hexes a unit can move to under one ruleset: every hex where its move may end but the start
 * (which it "reaches" by not moving, at cost 0). The one count every reach drawing, listing and the
 * diff's "reach on the map" section print.
 */
export function hexesReached(r: ReachRulesetResult, from: string): number {
  let n = 0;
  for (const h in r.hexes) if (h !== from) n++;
  return n;
}

export interface ReachReport {
  map: string;
  from: string;
  phase: string;
  unit: Record<string, unknown>;
  /** The unit starts aboard the map's vehicle in `from` (`--aboard`): every move gets off first. */
  aboard?: true;
  results: ReachRulesetResult[];
  differences: ReachDifference[];
}
