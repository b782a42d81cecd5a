/**
 * What a map may say, given the rulesets asked: the terrain, hexside features, enemy occupants and
 * vehicle kinds at least one of them resolves (name-resolver.ts: by its own member name, then by its
 * own concept key; V1004 is a name outside them all), the vehicle fields, and the rulesets measured
 * in inches. Which member a name means is asked of each ruleset alone; a name one ruleset lacks is
 * impassable under it and listed in its `notApplicable` (runtime/reach-map.ts).
 */
import { VOCABULARY } from "../ir/scenario-fields.js";
import { MAP_FIELDS, mapNames } from "../ir/name-resolver.js";
import type { RulesetIR } from "../ir/ir.js";

/** Names the rulesets asked know; a map name outside both sets is V1004. Null: do not check. */
export interface MapVocabulary {
  terrain: ReadonlySet<string>;
  hexside: ReadonlySet<string>;
  /** Who of the enemy may hold a hex (the step's `enemy` enum). */
  enemy: ReadonlySet<string>;
  /** The streams a hex may hold (the step's `stream` enum: Chain of Command's depths). */
  stream: ReadonlySet<string>;
  /** The kinds of vehicle a unit may board (the `vehicle` input's `kind` enum). */
  vehicle: ReadonlySet<string>;
  /** The JSON field names the rulesets' `vehicle` inputs take. */
  vehicleFields: ReadonlySet<string>;
  /** The JSON field names the rulesets' `unit` inputs take (beyond the contract's: SL's `squadPortage`). */
  unitFields: ReadonlySet<string>;
  /** The rulesets that measure stretches in inches: the map must give `hexInches` for them. */
  inInches: readonly string[];
}

/**
 * The scenario contract's terrain and hexside names (DESIGN.md, "Scenario files": the vocabulary of
 * the bundled families, SL/SQLA/ASL, Tide of Iron, Chain of Command). A map written in one family's
 * names serves every family: a name here that no ruleset asked knows is not a mistake in the map
 * (no V1004) but impassable terrain for each of them, listed in its `notApplicable` — so
 * `reach tide-of-iron maps/crossroads.json` answers, its buildings and walls shut. A name outside
 * both (a typo) is still V1004.
 */
export const CONTRACT_MAP_NAMES: Readonly<Record<"terrain" | "hexside", readonly string[]>> = {
  terrain: [
    "open-ground",
    "road",
    "woods",
    "building",
    "shell-hole",
    "wheatfield",
    "marsh",
    "brush",
    "grain",
    "orchard",
    "clear",
    "hill",
    "entrenchment",
    "open",
    "broken",
    "rough",
    "heavy-going",
  ],
  hexside: ["wall", "hedge", "cliff"],
};

/**
 * Every terrain, hexside, enemy and vehicle name at least one of the rulesets knows (V1004 is a name
 * outside them); the vehicle fields: those the scenario contract names and those the rulesets'
 * `vehicle` inputs take (V1002 is a field outside them); and the rulesets measured in inches, which
 * need the map's `hexInches` (V1003 without it).
 */
export function mapVocabulary(irs: readonly RulesetIR[]): MapVocabulary {
  const out = {
    terrain: new Set<string>(),
    hexside: new Set<string>(),
    enemy: new Set<string>(),
    vehicle: new Set<string>(),
    stream: new Set<string>(),
    vehicleFields: new Set<string>(),
    unitFields: new Set<string>(),
    inInches: [] as string[],
  };
  for (const ir of irs) {
    const names = mapNames(ir);
    for (const field of MAP_FIELDS) for (const n of names[field].keys()) out[field].add(n);
    for (const f of ir.inputs.find((i) => i.rec === "vehicle")?.fields ?? [])
      out.vehicleFields.add(f.json);
    for (const f of ir.inputs.find((i) => i.rec === "unit")?.fields ?? [])
      out.unitFields.add(f.json);
    if (ir.inputs.some((i) => i.rec === "step" && i.fields.some((f) => f.json === "inches")))
      out.inInches.push(ir.id);
  }
  for (const field of ["terrain", "hexside"] as const)
    for (const n of CONTRACT_MAP_NAMES[field]) out[field].add(n);
  // The scenario contract's vehicle fields are known whenever a ruleset asked has vehicles at all: a
  // field one of them lacks (`mp` under ASL) is not applicable to it, not a mistake in the map.
  if (out.vehicleFields.size > 0) for (const f of VOCABULARY.vehicle) out.vehicleFields.add(f.json);
  return out;
}
