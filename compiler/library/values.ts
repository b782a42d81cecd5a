/**
 * The engine's requests with their inputs as values: a scenario, a map and a unit given as the
 * objects a program holds (`{ unit: { kind: "squad" }, path: […] }`), not as the JSON text a file
 * holds. Each value is written out as JSON (two-space indented, so a diagnostic's line and column
 * point into that text, named `file`) and read by the engine exactly as the CLI reads a file: the
 * same checks, the same diagnostics. A value JSON cannot hold (a cycle, a `bigint`) is a V0901 or
 * V1001 diagnostic, never a throw.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import {
  evaluateScenario as evaluateScenarioText,
  reachOn as reachOnText,
  type ReachRequest,
  type ScenarioOutcome,
  type ScenarioRequest,
  type Typed,
} from "../engine/index.js";
import type { Outcome } from "../engine/outcome.js";
import type { RulesetIR } from "../ir/ir.js";
import type { ReachBuilt } from "../reach/build.js";
import type { MapJson } from "../../runtime/map.js";

/**
 * A scenario as a value: an object with the fields of a scenario file (docs/cli.md), e.g.
 * `{ unit, path }` — a rules module's `ScenarioInput` is one. Checked when evaluated, as a file is.
 */
export type ScenarioJson = object;

/** {@link evaluateScenario}'s request with the scenario as a value. */
export interface ScenarioValueRequest {
  rulesets: readonly RulesetIR[];
  /** The scenario: an object with a scenario file's fields (`unit`, `path`, `vehicle`, …). */
  scenario: ScenarioJson;
  /** The name diagnostics give the scenario (default `scenario.json`). */
  file?: string;
  /** Only the move is asked: no predicate answers and no per-step values. */
  moveOnly?: boolean;
}

/** {@link reachOn}'s request with the map, the start hex and the units as values. */
export interface ReachValueRequest {
  rulesets: readonly RulesetIR[];
  /** The map: a map file's object (`import map from "variorum-rules/maps/crossroads"`). */
  map: MapJson | object;
  /** The start hex, e.g. `"B3"`. */
  from: string;
  /** The unit (a scenario's `unit` record); default `{ kind: "squad" }`. */
  unit?: object;
  /** A unit per ruleset, by ruleset id: it replaces `unit` for that ruleset. */
  units?: Readonly<Record<string, object>>;
  /** Default `"movement"`. */
  phase?: "movement" | "advance";
  /** The unit starts aboard the map's vehicle in the start hex. */
  aboard?: boolean;
  /** Answer in counts (cost bands, the furthest hexes) rather than hex by hex. */
  summary?: boolean;
}

/** `value` as JSON text named `file`, or the V0901/V1001 diagnostic saying why it cannot be. */
function asTyped(value: unknown, file: string, code: "V0901" | "V1001"): Typed | Diagnostic {
  let text: string | undefined;
  try {
    text = JSON.stringify(value, null, 2);
  } catch (e) {
    return report(code, "syntax", null, { problem: e instanceof Error ? e.message : String(e) });
  }
  if (text === undefined) return report(code, "empty", null, {});
  return { text, file };
}

const isTyped = (x: unknown): x is Typed =>
  typeof x === "object" &&
  x !== null &&
  typeof (x as Typed).text === "string" &&
  typeof (x as Typed).file === "string";

/**
 * Evaluates a scenario under one or more rulesets: per ruleset its move (allowance, spent, legal,
 * steps with their rules), its predicates' answers and, where the scenario leaves a field out, an
 * answer per value of it — what `variorum eval --json` prints. The scenario is a value
 * (`{ rulesets, scenario }`) or a file's text (`{ rulesets, text, file }`); either is checked as the
 * CLI checks a scenario file, and a mistake in it is a diagnostic, never a throw.
 *
 * @example
 * ```ts
 * const r = evaluateScenario({ rulesets: [sl], scenario: { unit: { kind: "squad" }, path: [{ terrain: "woods" }] } });
 * r.value?.answers[0]?.result?.spent; // 2
 * ```
 */
export function evaluateScenario(req: ScenarioValueRequest | ScenarioRequest): ScenarioOutcome {
  if ("text" in req) return evaluateScenarioText(req);
  const file = req.file ?? "scenario.json";
  const typed = asTyped(req.scenario, file, "V0901");
  if (!isTyped(typed))
    return { value: null, diagnostics: [typed], name: file.replace(/\.json$/i, "") };
  return evaluateScenarioText({
    rulesets: req.rulesets,
    ...typed,
    ...(req.moveOnly === undefined ? {} : { moveOnly: req.moveOnly }),
  });
}

/**
 * Every hex of a map where the unit may end a move from the start hex, per ruleset, with its least
 * cost and one cheapest path (what `variorum reach --format json` prints). The map, the start and
 * the unit are values (`{ rulesets, map, from, unit }`) or typed text (the CLI's request); either is
 * checked as the CLI checks a map file, and a mistake in it is a located diagnostic, never a throw.
 */
export function reachOn(req: ReachValueRequest | ReachRequest): Outcome<ReachBuilt> {
  if (isTyped(req.from)) return reachOnText(req as ReachRequest);
  const v = req as ReachValueRequest;
  const map = asTyped(v.map, "map.json", "V1001");
  if (!isTyped(map)) return { value: null, diagnostics: [map] };
  const typedUnit = (u: unknown, file: string): Typed | Diagnostic => asTyped(u, file, "V1001");
  const unit = v.unit === undefined ? null : typedUnit(v.unit, "unit.json");
  if (unit !== null && !isTyped(unit)) return { value: null, diagnostics: [unit] };
  const units: Record<string, Typed> = {};
  for (const [id, u] of Object.entries(v.units ?? {})) {
    const t = typedUnit(u, `unit-${id}.json`);
    if (!isTyped(t)) return { value: null, diagnostics: [t] };
    units[id] = t;
  }
  return reachOnText({
    rulesets: v.rulesets,
    map,
    from: { text: v.from, file: "from" },
    unit,
    ...(v.units === undefined ? {} : { units }),
    phase: v.phase ?? "movement",
    ...(v.aboard === undefined ? {} : { aboard: v.aboard }),
    ...(v.summary === undefined ? {} : { summary: v.summary }),
  });
}
