/**
 * A change of floor, which reach does not search (issue 42). Chain of Command 10.1.4: going up or down
 * a floor of a building takes the whole phase and leaves up to 6" on the floor moved to, and the
 * ruleset makes it the move's first step (`floor-change-first`), so only a unit that starts in a
 * building can make one. `eval` answers such a move (a path that starts `{ "action": "change-floor" }`);
 * reach cannot: its answer is one cost per hex, and after the change the unit stands on another floor
 * of its hex — a location a map has no place for (no floors, no word of which hexes are one
 * building). So where a unit starts in a building (the map's `building` terrain) under a ruleset with
 * that action, the answer says so, located at the start (V1121): the hexes it lists are moves that
 * stay on the floor the unit starts on, and a move that changes floor is `eval`'s to price.
 */
import type { Diagnostic, Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import { floorChangeMember } from "../ir/name-resolver.js";
import type { RulesetIR } from "../ir/ir.js";
import type { MapJson } from "../../runtime/map-json.js";

/** The map's word for a hex of a building (the contract's vocabulary, docs/maps.md). */
export const BUILDING = "building";

/** Whether the map puts a building in `hex` (its terrain, or its second terrain). */
export function inBuilding(map: Pick<MapJson, "terrain" | "alsoTerrain">, hex: string): boolean {
  const terrain = map.terrain.hexes?.[hex] ?? map.terrain.default;
  return terrain === BUILDING || map.alsoTerrain?.[hex] === BUILDING;
}

/**
 * V1121 for a unit starting in `hex` under `ir`, located at `span` (`--from`, or the unit as the map
 * places it), or null when `ir` has no change of floor or `hex` is no building.
 */
export function floorChangeNote(
  ir: RulesetIR,
  map: Pick<MapJson, "terrain" | "alsoTerrain">,
  hex: string,
  span: Span | null,
): Diagnostic | null {
  const member = floorChangeMember(ir);
  if (member === null || !inBuilding(map, hex)) return null;
  // The action's own citation (10.1.4), else the step input's.
  const action = ir.inputs.find((i) => i.rec === "step")?.fields.find((f) => f.name === "action");
  const type = action?.type;
  const cite =
    (type?.t === "enum"
      ? ir.enums.find((e) => e.name === type.name)?.members.find((m) => m.name === member)?.cite
      : null) ??
    action?.cite ??
    "";
  return report(
    "V1121",
    "floorChange",
    span,
    { ruleset: ir.id, hex, cite, action: member },
    `ask \`variorum eval ${ir.id}\` with a path that starts { "action": "${member}" } for a move that changes floor`,
  );
}
