/**
 * Fields a player gives as unknown (`null` in a scenario, a map's unit or `--unit`: docs/cli.md): in
 * the prepared context of a move, reading one throws `MissingInput` naming it, as reading a left-out
 * field without a default does, so runtime/cases.ts answers the move for every value it can take
 * instead of assuming its default. One implementation for generated modules (runtime/answers.ts) and
 * the interpreter (compiler/interpret/interpreter.ts). Runs in a browser (no Node API).
 */
import { fieldAt } from "./cases.js";
import { MissingInput } from "./errors.js";
import type { MoveContext } from "./types.js";

/**
 * Makes each field of `paths` (scenario paths: `unit.leader`, `path[1].hexside`) unknown in `ctx`:
 * every property `keys(json)` names that its record holds becomes a getter throwing `MissingInput`.
 */
export function markUnknown(
  ctx: MoveContext<unknown>,
  paths: readonly string[],
  keys: (rec: "unit" | "vehicle" | "step" | "scenario", json: string) => readonly string[],
): void {
  for (const path of paths) {
    const { rec, index, json } = fieldAt(path);
    const record = (
      rec === "step"
        ? ctx.path[index!]
        : rec === "unit"
          ? ctx.unit
          : rec === "vehicle"
            ? ctx.vehicle
            : ctx.scenario
    ) as Record<string, unknown> | null | undefined;
    if (record === null || record === undefined) continue;
    for (const key of keys(rec, json))
      if (Object.hasOwn(record, key))
        Object.defineProperty(record, key, {
          configurable: true,
          enumerable: true,
          get: () => {
            throw new MissingInput(path);
          },
        });
  }
}

/** `unknown` without `path`: the field now has a value (one case of the split). */
export function known(unknown: readonly string[] | undefined, path: string): string[] | undefined {
  if (unknown === undefined) return undefined;
  const rest = unknown.filter((p) => p !== path);
  return rest.length > 0 ? rest : undefined;
}
