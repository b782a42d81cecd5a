/**
 * The one name resolver: which member of a ruleset's enum a name means. A name resolves in a ruleset
 * by the name of one of its own members, then by a concept key one of its own members declares
 * (`grain "Grain" concept wheatfield`: a `wheatfield` means `grain` under ASL), and never through
 * another ruleset's members or concepts — so a ruleset's answer never depends on which other rulesets
 * are asked beside it. One member may answer to several keys (`broken "Broken ground" concept brush |
 * orchard`); a key two members declare means the first, and a member's own name is never shadowed.
 *
 * Every surface asks it: a scenario's enum values (scenario/convert.ts: terrain, hexside, kinds,
 * actions, statuses …), a map's terrain, hexside features, enemy occupants and vehicle kinds
 * (`mapNames`: the interpreter's reach in reach/interpret.ts, the names a map may use in
 * map/known-names.ts), the step actions that board or imply a vehicle, and the generated modules'
 * map-name tables, which emit/move-model.ts writes out from `mapNames` entry for entry.
 */
import type { EnumDef, InputField, RulesetIR } from "./ir.js";
import { VEHICLE_ACTIONS } from "./scenario-fields.js";

/** Names → members of one enum: each member's own name first, then the concept keys they declare. */
export function memberNames(e: EnumDef | null): ReadonlyMap<string, string> {
  const out = new Map<string, string>();
  for (const m of e?.members ?? []) out.set(m.name, m.name);
  for (const m of e?.members ?? [])
    for (const c of m.concepts ?? []) if (!out.has(c)) out.set(c, m.name);
  return out;
}

/** The member `name` means in enum `e` (its own name, then its own concept key), or null. */
export function resolveMember(e: EnumDef | null, name: string): string | null {
  return memberNames(e).get(name) ?? null;
}

/**
 * What a map names: the terrain of a hex, a hexside feature, an enemy occupant, a vehicle's kind, a
 * stream through a hex (Chain of Command's step `stream`).
 */
export type MapField = "terrain" | "hexside" | "enemy" | "vehicle" | "stream";

export const MAP_FIELDS: readonly MapField[] = ["terrain", "hexside", "enemy", "vehicle", "stream"];

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
  return enumOf(ir, f);
}

/** A ruleset's map-name tables, per map field: what the generated modules' `reach` looks names up in. */
export function mapNames(ir: RulesetIR): Readonly<Record<MapField, ReadonlyMap<string, string>>> {
  return {
    terrain: memberNames(stepEnum(ir, "terrain")),
    hexside: memberNames(stepEnum(ir, "hexside")),
    enemy: memberNames(stepEnum(ir, "enemy")),
    vehicle: memberNames(stepEnum(ir, "vehicle")),
    stream: memberNames(stepEnum(ir, "stream")),
  };
}

/** The member a map name means in this ruleset, or null when it has none. */
export function resolveName(ir: RulesetIR, field: MapField, name: string): string | null {
  return resolveMember(stepEnum(ir, field), name);
}

/** The enum of a ruleset's step `action` field, or null. */
function actionEnum(ir: Pick<RulesetIR, "inputs" | "enums">): EnumDef | null {
  const f = ir.inputs.find((i) => i.rec === "step")?.fields.find((x) => x.name === "action");
  return enumOf(ir, f);
}

/** The enum an input field takes, or null when it takes none. */
function enumOf(ir: Pick<RulesetIR, "enums">, f: InputField | undefined): EnumDef | null {
  if (f === undefined || f.type.t !== "enum") return null;
  const name = f.type.name;
  return ir.enums.find((x) => x.name === name) ?? null;
}

/**
 * The member of a ruleset's unit `kind` enum that is a leader (`leader` resolved: by name, then by
 * concept key), or null when it has none: who a stack moves with (SL 5.44, ASL A4.12).
 */
export function leaderMember(ir: RulesetIR): string | null {
  const type = ir.inputs.find((i) => i.rec === "unit")?.fields.find((f) => f.json === "kind")?.type;
  const e = type?.t === "enum" ? (ir.enums.find((x) => x.name === type.name) ?? null) : null;
  return resolveMember(e, "leader");
}

/** The member of the step `action` enum that boards a vehicle (`board` resolved), or null. */
export function boardMember(ir: RulesetIR): string | null {
  return resolveMember(actionEnum(ir), "board");
}

/**
 * The member of the step `action` enum that goes up or down a floor of a building (`change-floor`
 * resolved: Chain of Command 10.1.4), or null.
 */
export function floorChangeMember(ir: RulesetIR): string | null {
  return resolveMember(actionEnum(ir), "change-floor");
}

/**
 * The member of a ruleset's step `action` enum that gets off a vehicle — `unload` (SQLA 31.4, by name
 * or concept), else `exit-transport` (Tide of Iron) — or null when it has none.
 */
export function unloadMember(ir: RulesetIR): string | null {
  if (!ir.inputs.some((i) => i.rec === "vehicle")) return null;
  const e = actionEnum(ir);
  return resolveMember(e, "unload") ?? resolveMember(e, "exit-transport");
}

/**
 * The members of a ruleset's step `action` enum that mean a vehicle is there (the scenario fields'
 * `VEHICLE_ACTIONS`, resolved), in declaration order; none for a ruleset without a `vehicle` input.
 */
export function vehicleActions(ir: Pick<RulesetIR, "inputs" | "enums">): string[] {
  if (!ir.inputs.some((i) => i.rec === "vehicle")) return [];
  const e = actionEnum(ir);
  const names = memberNames(e);
  const meant = new Set(VEHICLE_ACTIONS.map((a) => names.get(a)));
  return (e?.members ?? []).map((m) => m.name).filter((m) => meant.has(m));
}
