/**
 * The IR: a checked ruleset, with `extends` merged and every name resolved, as plain JSON-serialisable
 * data. It is what every backend reads (interpreter, TypeScript emitter, diff, cards, examples).
 *
 * What this form adds over the AST: names are resolved to the definition they denote (a bare `road`
 * is now `{k:'member', enum:'terrain', name:'road'}`), every expression is typed, every definition
 * knows its context (does it read the unit, the current step, the whole path?), inheritance is gone
 * (a child ruleset's IR is complete on its own), and numbers are exact rationals written "n/d".
 */

/** An exact rational as text: "3", "-1/2". */
export type RatText = string;

/** The value type of an expression. `measure: null` is a plain number. */
export type Type =
  | { t: "bool" }
  | { t: "num"; measure: string | null }
  | { t: "enum"; name: string }
  | { t: "set"; of: string }
  | { t: "dist"; measure: string | null };

/** The records a scenario supplies. `scenario` holds top-level fields such as `phase`. */
export type RecordName = "unit" | "vehicle" | "step" | "scenario";

/**
 * Where a definition can be evaluated: `unit` needs only the unit, vehicle and scenario;
 * `step` also the step being priced; `path` the whole path (totals, aggregates).
 */
export type Context = "unit" | "step" | "path";

export type BinOp = "+" | "-" | "*" | "/" | "==" | "!=" | "<" | "<=" | ">" | ">=" | "and" | "or";
export type Builtin = "fru" | "frd" | "max" | "min";
export type PathValue = "hexes" | "steps" | "spent";
export type StepPosition = "number" | "last";
export type Aggregate = "any" | "all" | "count" | "max" | "min" | "sum";

export type Expr =
  | { k: "num"; q: RatText }
  | { k: "bool"; v: boolean }
  /** The special cost "all of the unit's allowance". */
  | { k: "all" }
  /** The special cost "not allowed". */
  | { k: "na" }
  | { k: "member"; enum: string; name: string }
  /** A constant set of members: a group or a `{a, b}` literal. */
  | { k: "set"; enum: string; members: string[] }
  | { k: "field"; rec: RecordName; name: string }
  /** `unit.broken`: member `member` is in the set-valued field `field`. */
  | { k: "flag"; rec: RecordName; field: string; member: string }
  /** An optional field is given (`if step.hexside`). */
  | { k: "present"; rec: RecordName; name: string }
  | { k: "path"; name: PathValue }
  /**
   * Where the step being read stands in the path: `step.number` (1-based, counting every step,
   * actions in place included) and `step.last` (it is the final step of the move).
   */
  | { k: "pos"; name: StepPosition }
  /**
   * `need(vehicle.kind)`: the field's value; when the scenario leaves it out (or has no such record),
   * evaluation stops with an error naming the field instead of answering.
   */
  | { k: "need"; rec: RecordName; name: string }
  /** `any step: cond`, `max step: expr` … over the hex-entering and action steps of the path. */
  | { k: "agg"; op: Aggregate; body: Expr }
  | { k: "rule"; name: string; args: Expr[] }
  | { k: "param"; name: string }
  | { k: "table"; name: string; keys: Expr[] }
  /** Inside an exception: the value the rule would have without it. */
  | { k: "base" }
  | { k: "neg"; x: Expr }
  | { k: "not"; x: Expr }
  | { k: "bin"; op: BinOp; a: Expr; b: Expr; type: Type }
  | { k: "in"; x: Expr; set: Expr }
  | { k: "if"; c: Expr; t: Expr; e: Expr }
  | { k: "call"; fn: Builtin; args: Expr[] }
  /** A dice roll: `n` dice of `sides`, optionally keeping only the highest/lowest `keep`. */
  | {
      k: "dice";
      n: number;
      sides: number;
      keep: { which: "highest" | "lowest"; count: number } | null;
      perDie: Expr | null;
    };

/** Where a definition came from, for messages and for "changed from" marks. */
export interface Origin {
  /** Ruleset id that wrote this definition (a child inherits its parent's origins). */
  ruleset: string;
  line: number;
}

/** Fields every definition carries. */
export interface Def {
  name: string;
  /** Rule citation, e.g. "A4.12", "5.7 Q&A", "Movement/Transporting Squads". */
  cite: string;
  /** Our own one-line paraphrase. */
  title: string;
  /** Key that lines the definition up with other rulesets in the diff (defaults to the name). */
  concept: string;
  /** Report section (`terrain`, `portage`, …) or null to let the diff infer it. */
  section: string | null;
  origin: Origin;
  /** `note "…"`: the reading the ruleset chose where the text is open (absent when none). */
  note?: string;
  /**
   * `helper`: a definition of the encoding rather than a concept of the book: never a diff row, an
   * "only in" entry or a card line (still shown by `explain`, hover and traces). Absent: a concept.
   */
  helper?: true;
}

export interface EnumMember {
  name: string;
  display: string;
  cite: string | null;
  /** `concept NAME | …`: the names other rulesets and maps use for this member (absent: none). */
  concepts?: string[];
}
export interface EnumDef extends Def {
  members: EnumMember[];
}
export interface GroupDef extends Def {
  enum: string;
  members: string[];
}
export interface MeasureDef extends Def {}

export interface InputField {
  name: string;
  /** The scenario JSON name (camelCase of `name`). */
  json: string;
  type: Type;
  optional: boolean;
  /** Default value when the scenario omits the field (null for optional/required fields). */
  default: Value | null;
  cite: string;
}
export interface InputDef {
  rec: RecordName;
  cite: string;
  fields: InputField[];
}

/** A constant value as stored in tables, defaults and examples. */
export type Value =
  | { v: "num"; q: RatText }
  | { v: "bool"; b: boolean }
  | { v: "all" }
  | { v: "na" }
  | { v: "member"; enum: string; name: string }
  | { v: "set"; enum: string; members: string[] };

export interface TableRow {
  /** One key per key domain, in order. */
  keys: string[];
  value: Value;
  cite: string | null;
}
export interface TableDef extends Def {
  keys: string[];
  type: Type;
  rows: TableRow[];
}

export interface Exception {
  cite: string;
  title: string;
  when: Expr;
  value: Expr;
  exceptions: Exception[];
}
export interface RuleDef extends Def {
  kind: "rule" | "predicate";
  params: { name: string; type: Type }[];
  type: Type;
  context: Context;
  value: Expr;
  exceptions: Exception[];
}
export interface ConstraintDef extends Def {
  context: Context;
  /** Must hold; when it does not, the move is illegal with `title` as the message. */
  cond: Expr;
}

/** Binds the ruleset's definitions to the runtime's movement interface. */
export interface Movement {
  cite: string;
  measure: string;
  allowance: Expr;
  cost: Expr;
  minimumMove: Expr | null;
  vehicleSpent: Expr | null;
  /** `halt-at`: step `i` is one the unit halts before unless the allowance carries it past (an obstacle). */
  haltAt?: Expr;
  /** `halt-allowance`: how far the unit moves towards such a step it cannot pass. */
  haltAllowance?: Expr;
  /** Citation of the halting rule (the `halt-at` rule's, else the binding's). */
  haltCite?: string;
  vehicleMeasure: string | null;
}

export type Expectation =
  | { e: "legal"; want: boolean }
  | { e: "value"; what: "allowance" | "spent" | "vehicle-spent"; want: Value }
  /** Where a move that falls short stops (a ruleset with `halt-at`), with the fixed roll. */
  | { e: "halt"; want: Value }
  /** A dice ruleset without a fixed roll: the probability that the move is legal (reaches its end). */
  | { e: "probability"; want: Value }
  /** For a dice ruleset without a fixed roll: a statistic of the allowance distribution. */
  | { e: "dist"; what: "mean" | "min" | "max"; want: Value }
  | { e: "step"; index: number; want: Value }
  | { e: "rule"; name: string; args: Value[]; want: Value }
  /** A table entry, e.g. `expect terrain-cost(woods) = 2`. */
  | { e: "table"; name: string; keys: string[]; want: Value }
  | { e: "violation"; cite: string; want: boolean }
  /** The move stops for want of a field the scenario leaves out (`need(…)`): `vehicle.kind`, `path[].terrain`. */
  | { e: "needs"; field: string }
  /** The answer differs with the value of a field the example leaves out (`dependsOn`): `vehicle.kind`. */
  | { e: "depends"; field: string }
  /** A `stack` example: the units that can end their move in `hex` are within the stacking limit. */
  | { e: "stack"; hex: string; want: boolean }
  /**
   * A `stack` example: one unit's allowance (`what: "allowance"`), the number of hexes it can end
   * its move in (`"reaches"`), or one of its `unit` fields once it holds the weapons it possesses.
   */
  | { e: "member"; unit: string; what: string; want: Value };

/**
 * One counter an example places in a hex (`stack HEX { … }`), the top of each stack first: a unit,
 * or a support weapon whose fields (quantities of the `unit` record, its PP) are added to those of
 * the unit that possesses it (the ruleset's `possesses` predicate, asked of the units beneath it).
 */
export interface ExampleCounter {
  name: string;
  hex: string;
  weapon: boolean;
  /** The `unit` record's fields as written (a unit's must give the required ones). */
  fields: Record<string, Value>;
}

export interface ScenarioValue {
  unit: Record<string, Value>;
  vehicle: Record<string, Value> | null;
  scenario: Record<string, Value>;
  path: Record<string, Value>[];
  /** A fixed dice roll (scenario `unit.dice`), one face per die; absent: the ruleset's distribution. */
  roll?: number[];
  /** Fields given as unknown (`null`), as scenario paths: answered for every value, no default assumed. */
  unknown?: string[];
  /** Finite fields of the unit, vehicle and scenario the file leaves to their default (scenario paths). */
  defaulted?: string[];
}

export interface ExampleDef {
  cite: string;
  title: string;
  input: ScenarioValue;
  /**
   * Several units on a map (`stack HEX { … }`), run as `variorum reach --all` runs a map's units
   * (compiler/reach/examples.ts); absent for an example of one unit's move (`input`).
   */
  counters?: ExampleCounter[];
  expect: Expectation[];
  origin: Origin;
}

/**
 * One entry of a source index: a paragraph of the rule text or one of its worked examples, with a
 * short title in our own words (docs/language.md, "Coverage of the source").
 */
export interface SourceEntry {
  /** The citation that names it, e.g. "5.1", "31.11#2", "A4.52 EX#1", "Movement/Half Hexes". */
  cite: string;
  title: string;
  /** A worked example (an EX, a Q&A answer, an "In action" box, a numbered diagram). */
  example: boolean;
  line: number;
}

/** The index of the paragraphs of the text one ruleset of the chain encodes (`source "…" { … }`). */
export interface SourceIndex {
  /** The ruleset whose file declares it. */
  ruleset: string;
  title: string;
  entries: SourceEntry[];
}

/** `out-of-scope [5.3] "why"`: a paragraph a ruleset of the chain leaves out, with its reason. */
export interface OutOfScope {
  cite: string;
  reason: string;
  ruleset: string;
  line: number;
}

export interface RulesetIR {
  id: string;
  title: string;
  edition: string | null;
  citeStyle: "numbered" | "headings";
  /** Chain of ancestors, nearest first. */
  extends: string[];
  measures: MeasureDef[];
  enums: EnumDef[];
  groups: GroupDef[];
  inputs: InputDef[];
  tables: TableDef[];
  rules: RuleDef[];
  constraints: ConstraintDef[];
  movement: Movement;
  examples: ExampleDef[];
  /** The source indexes of the chain, this ruleset's first (absent: none declares one). */
  sources?: SourceIndex[];
  /** The paragraphs the chain declares out of scope (absent: none). */
  outOfScope?: OutOfScope[];
  /**
   * Integer ticks per unit of measure chosen by the compiler: every number the ruleset can compute
   * is a whole multiple of 1/scale, so generated code computes in exact integer ticks.
   */
  scale: number;
}
