/**
 * Map names → each ruleset's own. A map's terrain names resolve in a ruleset by member name of the
 * enum its steps use for `terrain`, then by concept: a member declared `clear "Clear" concept
 * open-ground` is what a map's `open-ground` means there (and a map written with `clear` means
 * `open-ground` in a ruleset that has it); one member may stand for several map names (`broken
 * "Broken ground" concept brush | orchard`). Hexside features resolve the same way against the step's
 * `hexside` enum, or, for a ruleset whose steps cross obstacles instead (Chain of Command), its
 * `obstacle` enum. A name a ruleset lacks is impassable there and listed in its `notApplicable`.
 * A map's enemy occupants resolve against the step's `enemy` enum; a ruleset without one cannot see
 * them (they are listed in its `notApplicable`, and its hexes stay open to it). A map's vehicle kinds
 * resolve the same way against the `kind` enum of the ruleset's `vehicle` input; a ruleset boards one
 * with the member of its step `action` enum named `board` or declaring `concept board` (`boardMember`).
 */
import { VOCABULARY } from "../vocabulary.js";
import type { EnumDef, RulesetIR } from "../ir.js";
import type { MapVocabulary } from "./parse.js";

export type MapField = "terrain" | "hexside" | "enemy" | "vehicle";

/** The step field a map's hexside features go into: `hexside`, else `obstacle`, else none. */
export function hexsideField(ir: RulesetIR): "hexside" | "obstacle" | null {
  const fields = ir.inputs.find((i) => i.rec === "step")?.fields ?? [];
  for (const name of ["hexside", "obstacle"] as const) {
    const f = fields.find((x) => x.name === name);
    if (f !== undefined && f.type.t === "enum") return name;
  }
  return null;
}

/**
 * The enum a ruleset's steps take for a map field (for `vehicle`: its vehicle input's `kind`), or null
 * when it has no such field.
 */
export function stepEnum(ir: RulesetIR, field: MapField): EnumDef | null {
  const rec = field === "vehicle" ? "vehicle" : "step";
  const name = field === "hexside" ? hexsideField(ir) : field === "vehicle" ? "kind" : field;
  const f = ir.inputs.find((i) => i.rec === rec)?.fields.find((x) => x.name === name);
  if (f === undefined || f.type.t !== "enum") return null;
  const e = f.type.name;
  return ir.enums.find((x) => x.name === e) ?? null;
}

/** The names a map name stands for among these rulesets: itself, and the concepts of members so named. */
function namesOf(irs: readonly RulesetIR[], field: MapField, name: string): string[] {
  const out = [name];
  for (const ir of irs)
    for (const c of stepEnum(ir, field)?.members.find((x) => x.name === name)?.concepts ?? [])
      if (!out.includes(c)) out.push(c);
  return out;
}

/** The member a map name means in this ruleset (by name, then by concept), or null when it has none. */
export function resolveName(
  ir: RulesetIR,
  field: MapField,
  name: string,
  irs: readonly RulesetIR[] = [ir],
): string | null {
  const e = stepEnum(ir, field);
  if (e === null) return null;
  for (const n of namesOf([ir, ...irs], field, name)) {
    const hit =
      e.members.find((m) => m.name === n) ?? e.members.find((m) => m.concepts?.includes(n));
    if (hit !== undefined) return hit.name;
  }
  return null;
}

/** The member of the step `action` enum that boards a vehicle (named `board`, or declaring `concept board`), or null. */
export function boardMember(ir: RulesetIR): string | null {
  const f = ir.inputs.find((i) => i.rec === "step")?.fields.find((x) => x.json === "action");
  if (f === undefined || f.type.t !== "enum") return null;
  const name = f.type.name;
  const e = ir.enums.find((x) => x.name === name);
  return (
    (
      e?.members.find((m) => m.name === "board") ??
      e?.members.find((m) => m.concepts?.includes("board"))
    )?.name ?? null
  );
}

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
    vehicleFields: new Set<string>(),
    inInches: [] as string[],
  };
  for (const ir of irs) {
    for (const field of ["terrain", "hexside", "enemy", "vehicle"] as const) {
      for (const m of stepEnum(ir, field)?.members ?? [])
        [m.name, ...(m.concepts ?? [])].forEach((n) => out[field].add(n));
    }
    for (const f of ir.inputs.find((i) => i.rec === "vehicle")?.fields ?? [])
      out.vehicleFields.add(f.json);
    if (ir.inputs.some((i) => i.rec === "step" && i.fields.some((f) => f.json === "inches")))
      out.inInches.push(ir.id);
  }
  // The scenario contract's vehicle fields are known whenever a ruleset asked has vehicles at all: a
  // field one of them lacks (`mp` under ASL) is not applicable to it, not a mistake in the map.
  if (out.vehicleFields.size > 0) for (const f of VOCABULARY.vehicle) out.vehicleFields.add(f.json);
  return out;
}
