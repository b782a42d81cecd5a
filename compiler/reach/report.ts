/**
 * The `variorum reach --format json` contract (docs/maps.md): per ruleset every
 * hex where the unit may end its move, with the least cost, one cheapest path and its citations;
 * `differences` lists the hexes where the rulesets disagree; on a map with vehicles, `boarding` gives per
 * ruleset the cheapest legal move that ends by boarding each one. The renderers (text, SVG/HTML) read only
 * this and the map.
 */
import type { GivenValue } from "../../runtime/cases.js";
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
  /**
   * A unit with fields given as unknown (`null`): the fields this hex's answer turns on, absent when
   * it is the same for every value. Then `cases` says per value, and `cost`, `path` and `rules` above
   * are the best case's: the cheapest, or for a dice ruleset without a fixed roll the likeliest.
   */
  dependsOn?: string[];
  /** With `dependsOn`: per case (the values it holds for) its cost, null where the unit cannot end here. */
  cases?: ReachHexCase[];
}

/** A hex under some values of the fields given as unknown: null `cost` where the unit cannot end here. */
export interface ReachHexCase {
  given: Record<string, GivenValue[]>;
  cost: number | null;
  exact?: string;
  path?: string[];
  rules?: string[];
  probability?: number;
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
  /** As a hex's: the unknown fields this boarding turns on, and per case its cost (null: not boarded). */
  dependsOn?: string[];
  cases?: ReachHexCase[];
}

/** A unit with fields given as unknown: one case of the ruleset's answer, the values it holds for. */
export interface ReachRulesetCase {
  given: Record<string, GivenValue[]>;
  allowance: number | DistributionSummary | null;
  /** Hexes reachable under these values (the start not counted). */
  reaches: number;
}

export interface ReachRulesetResult {
  ruleset: string;
  title: string;
  /** "MF", "MP", "inch". */
  measure: string;
  /**
   * The allowance for a move from the start (a distribution for a dice ruleset without a fixed roll);
   * null when the unit may not move, or when it differs between the `cases` of a unit with fields
   * given as unknown (each case's is there).
   */
  allowance: number | DistributionSummary | null;
  /**
   * A unit with fields given as unknown (`null`): the fields the answer turns on (its allowance or a
   * hex), each searched once per value; absent when there are none or no value changes the answer
   * (those are `notNeeded`).
   */
  dependsOn?: string[];
  notNeeded?: string[];
  /**
   * Fields the unit leaves to their default whose value changes this reach (each searched for its
   * every value, as eval names them): field → the default searched ("assuming no unit.leader (the
   * default)"); absent when no default changes it.
   */
  assumed?: Record<string, GivenValue>;
  /** With `dependsOn`: per case, the values it holds for, its allowance and how many hexes it reaches. */
  cases?: ReachRulesetCase[];
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
  /** Per ruleset whose answer here turns on fields given as unknown: those fields (its hex's `cases`). */
  dependsOn?: Record<string, string[]>;
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
