/**
 * The scenario fields (the global scenario vocabulary): every field a scenario JSON file may use,
 * whatever rulesets it is asked of, with its JSON shape. A field outside this vocabulary (and not declared by any ruleset the
 * scenario is asked of) is an error; a field in it that a ruleset does not declare is reported under
 * that ruleset's `notApplicable`.
 *
 * Names here are the JSON (camelCase) names; a ruleset declares the same field in kebab-case
 * (`viaRoad` ↔ `via-road`), see `InputField.json` in ir.ts.
 */
/** The JSON shape of a scalar or array field. */
export type Shape = "string" | "number" | "boolean" | "string[]" | "number[]";

export interface VocabField {
  /** JSON name (camelCase). */
  json: string;
  shape: Shape;
  /** One line for docs and hints. */
  doc: string;
}

/**
 * Step actions that mean a vehicle is there (a clarification of the scenario contract, docs/cli.md): a scenario with one of these
 * steps and no `vehicle` object has a vehicle with every field at its default (or absent), so a rule
 * that needs one of its details stops with an error naming the field (`need(vehicle.kind)`). The
 * members of a ruleset's step `action` enum these names mean: `vehicleActions` (name-resolver.ts).
 */
export const VEHICLE_ACTIONS: readonly string[] = [
  "board",
  "unload",
  "enter-transport",
  "exit-transport",
];

/** The records a scenario holds, by where they appear in the JSON. */
export type VocabRecord = "scenario" | "unit" | "vehicle" | "step";

/** Top-level keys that hold a record rather than a value. */
export const TOP_LEVEL_RECORDS = {
  unit: "the moving unit (an object)",
  vehicle: "the vehicle it boards or rides (an object)",
  path: "the steps of the move (an array of objects)",
} as const;

/** Top-level scalar fields. `name` is the scenario's title; the others go to the `scenario` record. */
export const SCENARIO_FIELDS: readonly VocabField[] = [
  { json: "name", shape: "string", doc: "a title for the scenario" },
  { json: "phase", shape: "string", doc: "`movement` (default) or `advance`" },
];

export const UNIT_FIELDS: readonly VocabField[] = [
  { json: "kind", shape: "string", doc: "unit kind, e.g. `squad`, `half-squad`, `leader`" },
  { json: "portage", shape: "number", doc: "portage points carried" },
  { json: "leader", shape: "boolean", doc: "moves the whole phase with a leader or officer" },
  {
    json: "leaderPortage",
    shape: "number",
    doc: "PP the accompanying leader carries himself (default 0); he lends the rest of his IPC",
  },
  { json: "leaderDoubleTime", shape: "boolean", doc: "double time together with a leader" },
  {
    json: "squadPortage",
    shape: "number",
    doc: "a leader's or hero's load at squad usage (SL 5.76: his LMG is 1 PP, not 2)",
  },
  { json: "doubleTime", shape: "boolean", doc: "uses double time" },
  { json: "status", shape: "string[]", doc: "statuses, e.g. `broken`, `cx`, `inexperienced`" },
  {
    json: "action",
    shape: "string",
    doc: "Tide of Iron action: `advance`, `fire-and-movement`, `assault`",
  },
  { json: "rate", shape: "string", doc: "Chain of Command rate: `normal`, `tactical`, `double`" },
  { json: "shock", shape: "number", doc: "shock points" },
  { json: "dice", shape: "number[]", doc: "a fixed roll, e.g. [3, 5]" },
];

export const VEHICLE_FIELDS: readonly VocabField[] = [
  { json: "kind", shape: "string", doc: "vehicle kind, e.g. `halftrack`, `truck`" },
  { json: "mp", shape: "number", doc: "movement points of the vehicle" },
  {
    json: "passengers",
    shape: "number",
    doc: "room already taken: squads inside (Tide of Iron), SMC places on deck (SQLA)",
  },
];

export const STEP_FIELDS: readonly VocabField[] = [
  { json: "terrain", shape: "string", doc: "terrain of the hex entered" },
  { json: "hexside", shape: "string", doc: "hexside crossed, e.g. `wall`, `hedge`" },
  { json: "viaRoad", shape: "boolean", doc: "entered across a hexside crossed by the road" },
  { json: "uphill", shape: "boolean", doc: "one level higher than the hex left" },
  { json: "downhill", shape: "boolean", doc: "one level lower than the hex left" },
  { json: "action", shape: "string", doc: "an action in place, e.g. `board`, `unload`" },
  {
    json: "obstacle",
    shape: "string",
    doc: "Chain of Command obstacle crossed: `minor`, `medium`, `major`",
  },
  {
    json: "enemy",
    shape: "string",
    doc: "who of the enemy holds the hex entered: `units`, `lone-smc`, `afv`",
  },
  {
    json: "alsoTerrain",
    shape: "string",
    doc: "a second terrain in the hex entered, e.g. `road` in a woods-road hex (SL 5.54)",
  },
];

export const VOCABULARY: Readonly<Record<VocabRecord, readonly VocabField[]>> = {
  scenario: SCENARIO_FIELDS,
  unit: UNIT_FIELDS,
  vehicle: VEHICLE_FIELDS,
  step: STEP_FIELDS,
};

export function vocabField(rec: VocabRecord, json: string): VocabField | undefined {
  return VOCABULARY[rec].find((f) => f.json === json);
}

/** A shape in words, for messages. */
export function describeShape(shape: Shape): string {
  switch (shape) {
    case "string":
      return "a string";
    case "number":
      return "a number";
    case "boolean":
      return "true or false";
    case "string[]":
      return "an array of strings";
    case "number[]":
      return "an array of numbers";
  }
}
