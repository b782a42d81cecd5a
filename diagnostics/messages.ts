/**
 * The one table of diagnostic messages: for each code, its messages by name, each a template whose
 * `{name}` placeholders a call site fills with data — TypeScript's diagnosticMessages.json is the
 * model, with named placeholders instead of numbered ones. A call site names the code and the message
 * and gives the data (`report("V0402", "negate", span, { type })`); the parameters of each message
 * are read from its template by the type system, so a call site cannot leave one out, misname one or
 * add one. One code may have several messages (V0402, a type mismatch, has fourteen); a message two
 * codes share (a JSON reader's, a measure or type mismatch) is written once and spread into both.
 *
 * A placeholder is `{` + letters and digits + `}`; any other brace (`{ "C3": "woods" }` in a map's
 * shape) is text. The codes themselves, their severities and summaries are in index.ts (`CODES`).
 */
import { diag, type Code, type Diagnostic, type DiagnosticData, type Span } from "./index.js";

/** What a JSON reader says of its text's own faults, under each code it reports them with. */
const JSON_LIMITS = {
  givenTwice: "malformed JSON: `{field}` is given twice",
  tooLong: "the {what} is {length} characters long; at most {max}",
  tooDeep: "the {what} nests more than {max} levels deep here",
} as const;
const JSON_MALFORMED = {
  ...JSON_LIMITS,
  trailingComma: "malformed JSON: trailing comma",
  empty: "malformed JSON: the file is empty",
  syntax: "malformed JSON: {problem}",
} as const;

/** Measures (V0401) and types (V0402) that do not match, in the same words. */
const MISMATCH = {
  expected: "expected {expected}, found {found}",
  branches: "the two branches differ: {a} and {b}",
} as const;

/** A failing example, as `variorum test` reports it (V0801; V0802 bad input, V0105 overflow). */
const EXAMPLE = { example: 'example [{cite}] "{title}": {why}' } as const;

export const MESSAGES = {
  // Lexing and parsing
  V0101: { character: "unexpected character {char}" },
  V0102: {
    unknownOperator: "unknown operator {op}",
    // `problem`: what the parser expected, in the language's words (grammar/syntax-errors.ts).
    syntax: "{problem}, found {found}",
    neverClosed: "`{open}` opened at {line}:{col} is never closed",
    secondHeader: "a second `ruleset` header: a file holds one ruleset",
    headerFirst: "the `ruleset` header must come first",
  },
  V0103: { unclosed: "this string has no closing quote" },
  V0104: {
    brackets: "{what} nest more than {max} deep here",
    expression: "this expression nests more than {max} levels deep",
  },
  V0105: {
    ...EXAMPLE,
    number:
      "the number {shown} is out of range: numbers are at most {max} with at most {decimals} decimal places",
    value: "{value} is out of range here: at most {max}",
    dice: "{dice} is out of range: {what}",
    overflow:
      "this constant exceeds the exact range (numerators and denominators up to 9,007,199,254,740,991)",
  },
  V0107: { control: "a control character (such as ESC or TAB) in text" },
  V0108: {
    file: "this file is {length} characters long; a ruleset is at most {max}",
    text: "this text is {length} characters long; a string or citation is at most {max}",
    members: "{name} has {count} members; an enum has at most {max}",
  },
  V0106: {
    ticks: "the fractions this ruleset computes need ticks finer than 1/{scale} to stay exact",
  },
  // Names and inheritance
  V0201: {
    unknownName: "unknown name {name}",
    unknownMeasure: "unknown measure {measure}",
    unknownAggregate: "unknown aggregate {op}",
    unknownEnum: "unknown enum {name}",
    unknownType: "unknown type {name}",
    unknownCallee: "unknown rule, table or function {name}",
    unknownExpected: "unknown rule {name}",
    unknownRole: "unknown movement role {role}",
    noMember: "{enum} has no member {member}",
    notMember: "{key} is not a member of {enum}",
    keyNotEnum: "table key {name} is not an enum",
  },
  V0202: {
    definedTwice: "{name} is defined twice in this file",
    editedTwice: "{name} is overridden or extended twice in this file",
    memberTwice: "{name} lists {member} twice",
    fieldTwice: "{field} is declared twice",
    paramTwice: "parameter {name} is declared twice",
  },
  V0203: { inherited: "{name} is inherited from {parent}" },
  V0204: {
    noSuchDefinition: "cannot {edit} {name}: the parent ruleset has no such definition",
    extendsNothing: "cannot {edit} {name}: this ruleset extends nothing",
    noException: "{rule} has no exception {ref}",
    ambiguousException: "{ref} names {count} exceptions of {rule}: label the one you mean",
  },
  V0205: {
    noParent: "no ruleset named {id} to extend",
    noRuleset: "no ruleset named {ref}",
    unreadable: "cannot read {file}",
  },
  V0206: { cycle: "ruleset {id} extends itself: {chain}" },
  V0207: { ambiguousMember: "{name} is a member of {enums}" },
  V0208: {
    cycle: "these definitions refer to each other: {cycle}",
    groupContainsItself: "group {name} contains itself",
  },
  V0209: {
    arguments: "{name} takes {params}, found {found}",
    tableNeedsKey: "table {name} needs its key: {name}({keys})",
    tableKeysNamed: "table {name} has {keys} ({names}), found {found}",
    tableKeys: "table {name} has {keys}, found {found}",
    oneNumber: "{name} takes one number",
    twoNumbers: "{name} takes two or more numbers",
    needOneField: "need takes one input field",
  },
  V0210: {
    noField: "{record} has no field {field}",
    noPathValue: "path has no value {field}",
    droppedField:
      "the override of input {record} leaves out {field}, which the ruleset it extends reads (at {at}, among others)",
  },
  V0211: {
    otherKind: "{name} is a {kind}, not a {target}",
    noExceptions: "{name} is a {kind}: only a rule or a predicate has exceptions to extend",
    overrideKind: "{name} is a {kind} in {parent}; an override must also be a {kind}",
  },
  V0212: {
    noHeader: 'a ruleset file starts with `ruleset ID "Title"`',
    noMovement: "a ruleset needs a `movement [CITE] MEASURE { allowance: … cost: … }` binding",
    movementNeeds: "the movement binding needs `{role}: …`",
    haltAllowance:
      "`halt-allowance` says how far a unit moves towards a step named by `halt-at`: give `halt-at: …` too",
  },
  V0213: { moduleName: "ruleset id `{id}` cannot name a module file" },
  V0214: { unknownSection: "unknown section `{section}`" },
  // Citations
  V0301: {
    notNumbered: "[{cite}] is not a rule number such as [5.44] or [A4.52 EX]",
    notHeading: "[{cite}] is not a section heading such as [Movement/Transporting Squads]",
    unknownStyle: "unknown citation style {style}",
  },
  V0302: {
    missing: "every definition cites the rule it encodes, e.g. [5.44]",
    empty: "this citation is empty",
  },
  V0303: {
    notCited: "paragraph [{cite}] of the source index is neither cited nor declared out of scope",
    notCarried:
      "worked example [{cite}] of the source index is carried by no example and not declared out of scope",
  },
  V0304: {
    noParagraph: "[{cite}] names no paragraph of the source index",
    noParagraphOutOfScope: "out-of-scope [{cite}] names no paragraph of the source index",
  },
  V0305: {
    ambiguous: "[{cite}] names {count} paragraphs the text numbers alike",
  },
  V0306: {
    listedTwice: "[{cite}] is listed twice in the source index",
    outOfScopeTwice: "[{cite}] is declared out of scope twice",
    alsoCited: "[{cite}] is declared out of scope, yet a definition or an example cites it",
  },
  // Types and measures
  V0401: {
    ...MISMATCH,
    mixes: "{name} mixes {a} and {b}",
    add: "cannot add {b} to {a}",
    subtract: "cannot subtract {b} from {a}",
    multiply: "cannot multiply {a} by {b}",
    divide: "cannot divide {a} by {b}",
  },
  V0402: {
    ...MISMATCH,
    emptySet: "an empty set needs a context that says which enum it holds",
    aggregateNumber: "{op} needs a number, found {found}",
    negate: "cannot negate {type}",
    keep: "cannot keep {count} of {n} dice",
    notValue: "{name} is a {kind}, not a value",
    groupOneEnum: "a group holds members of one enum: {name} is a {enum}, not a {expected}",
    takesNumbers: "{name} takes numbers, found {found}",
    needField: "need takes an input field such as vehicle.kind",
    mayBeAbsent: "{field} may be absent here",
    compare: "cannot compare {type} with {op}",
    arithmetic: "{op} needs numbers, found {a} and {b}",
    notIn: "cannot test whether {x} is in {set}",
    optionalDefault: "{field} is optional, so it has no default",
    tableKeys: "a table has one key (rows) or two (rows and columns)",
  },
  V0403: { divisor: "the divisor must be a constant" },
  V0404: { zero: "division by zero" },
  V0405: {
    base: "`base` means the value without this exception, so it only appears inside an exception",
  },
  V0406: {
    aggregateHere: "an aggregate over the path cannot appear here",
    fieldHere: "{field} cannot appear here",
    constantNeeded:
      "a constant is needed here (a number, all, NA, true/false, a member, or a table entry)",
    allowanceStep: "the allowance cannot depend on the step being priced",
    allowanceAll: "the allowance cannot depend on `all` or path.spent, which are defined by it",
    oncePerMove:
      "{role} is evaluated once per move, so it cannot read the step outside an aggregate",
    exampleStep:
      "{name} reads the step, so an example cannot expect one value of it; expect a step cost instead",
  },
  // Tables
  V0501: { missingRows: "{table} has no entry for {missing}" },
  V0502: { keyTwice: "{table} defines {key} twice" },
  V0503: {
    width: "this row has {values}; {table} has {columns}",
    widthNamed: "this row has {values}; {table} has {columns} ({names})",
  },
  // Exceptions
  V0601: {
    conflict:
      "in {rule}, exceptions [{a}] and [{b}] both apply when {situation}, and disagree ({valueA} vs {valueB})",
  },
  // Hygiene
  V0701: { unused: "{name} is never used by the movement binding, a constraint or an example" },
  V0702: {
    unmarked:
      "{name} takes parameters and shares its citation [{cite}] with {caller}, which calls it, yet it is neither a concept nor a helper: the diff would show it as a rule of the book",
  },
  // Examples
  V0801: EXAMPLE,
  V0802: {
    ...EXAMPLE,
    lacksOne: "this example's {record} lacks {fields}, which has no default",
    lacksMany: "this example's {record} lacks {fields}, which have no default",
    givesNoOne: "this example gives no {record}, and {fields} has no default",
    givesNoMany: "this example gives no {record}, and {fields} have no default",
  },
  V0803: {
    mixed:
      "this example places its units with `stack`, so it gives no {what}: each unit's fields go in its stack",
    scenarioField:
      "an example with `stack` runs as `variorum reach --all` does, which asks a scenario its phase alone: `{field}` would not be read",
    oneUnit:
      "`expect {what}` asks of one unit's move; in an example with `stack`, say which unit: `expect NAME.{what}`",
    noStacks: "`expect {what}` asks of units placed with `stack`, and this example places none",
    ruleValue:
      "an example with `stack` expects `stack HEX legal` and its units' values (`expect NAME.allowance`); `expect {what}` goes in an example of its own",
    badHex:
      "`{hex}` is not a hex name: a column of one to three letters and a row number, such as A1",
    tooFar: "hex {hex} is beyond the largest map an example may place units on ({max})",
    hexTwice: "hex {hex} has a second `stack` in this example: list its counters in one",
    nameTwice: "{name} is placed twice in this example",
    tooMany: "this example places {count} counters; at most {max}",
    weaponField:
      "a weapon adds its {field} to the unit that possesses it, so it must be a quantity, not {type}",
    noPossession:
      "this ruleset does not say who possesses a weapon in a stack: declare `predicate possesses`, asked of each unit beneath the weapon from the top",
    nothingBeneath: "no unit is stacked beneath weapon {name} to possess it",
    unknownUnit: "{name} is not a unit of this example's stacks; its units: {units}",
    offMap: "hex {hex} is off this example's map (A1 to {corner}, the hexes its stacks span)",
  },
  // Scenario files
  V0901: JSON_MALFORMED,
  V0902: { unknownField: "unknown field `{path}`; {where} has: {valid}" },
  V0903: {
    notObject: "a scenario is a JSON object, not {found}",
    fieldNotObject: "`{field}` must be an object, not {found}",
    pathNotArray: "`path` must be an array of steps, not {found}",
    emptyStep: "`{step}` is empty",
    mustBe: "`{path}` must be {expected}, not {found}",
    itemMustBe: "`{path}` must be a {type}, not {found}",
    outOfRange: "`{path}` is out of range: {text}",
    missingField: "missing field: ruleset {ruleset} requires `{field}`",
    missingRecord: "the scenario has no `{record}`, but ruleset {ruleset} requires `{field}`",
    mustBeFor: "`{path}` must be {expected} for ruleset {ruleset}",
    unknownMember: "unknown {enum} `{name}` in `{path}` for ruleset {ruleset}; valid: {valid}",
    tooManyDice: "`{path}` gives {dice}, but ruleset {ruleset} rolls at most {n}",
    notFace: "`{path}` is {value}, not a face of a {sides}-sided die (1 to {sides})",
    evaluation: "under {ruleset}: {fault}",
  },
  // Maps
  V1001: JSON_MALFORMED,
  V1002: { unknownField: "unknown {where} field `{name}`" },
  V1003: {
    notObject: "a map is a JSON object with `name`, `columns`, `rows` and `terrain`",
    needs: "the map needs `{field}`",
    unitUnknown:
      "`{path}` is given as unknown (null): where a unit stands, its side, name and the leader it moves with are the map's to say; only the unit's own fields may be unknown",
    notString: "{what} must be a string",
    notWhole: "{what} must be a whole number from {min} to {max}",
    hexNotString: 'a hex is named by a string such as "C5"',
    notHexName: '`{name}` is not a hex name (column letters, then the row: "C5", "AA12")',
    offMap: "hex {name} is off the map (columns A–{lastColumn}, rows 1–{rows})",
    terrainShape:
      '`terrain` is an object: { "default": "open-ground", "hexes": { "C3": "woods" } }',
    terrainDefault: "`terrain` needs a `default` terrain",
    terrainHexesShape: '`terrain.hexes` maps hex names to terrain: { "C3": "woods" }',
    levelsShape: '`levels` maps hex names to levels: { "F2": 1 }',
    roadNotAdjacent: "a road runs between adjacent hexes: {a} and {b} are not adjacent",
    hexsideNotAdjacent: "a hexside lies between adjacent hexes: {a} and {b} are not adjacent",
    roadsShape: '`roads` is a list of chains of adjacent hexes: [["A4", "B4", "C5"]]',
    roadTooShort: "a road is a list of at least two adjacent hexes",
    alsoTerrainShape: '`alsoTerrain` maps hex names to a second terrain: { "C3": "shell-hole" }',
    roadAlsoTerrain:
      "{hex} is on a road and its terrain is `{terrain}`: the road is its second terrain already",
    hexsidesShape: '`hexsides` is a list: [{ "hexes": ["E3", "E4"], "feature": "wall" }]',
    hexsideShape: 'a hexside is { "hexes": ["E3", "E4"], "feature": "wall" }',
    hexsideFeature: 'a hexside needs a `feature` (e.g. "wall")',
    hexsideHexes: "a hexside needs the two `hexes` it lies between",
    hexsideTwoHexes: "`hexes` names exactly two adjacent hexes",
    hexsideTwice: "the hexside between {a} and {b} is given twice (`{before}`, then `{feature}`)",
    bypassShape: '`bypass` maps hex names to the sides a Bypass may skirt: { "D4": ["NW", "SW"] }',
    sideNotString: "a side is named by its direction: {directions}",
    notSide: "`{side}` is not a side of a hex: {directions}",
    sideTwice: "the side {side} of {hex} is given twice",
    enemyShape: '`enemy` maps hex names to who of the enemy holds them: { "F3": "units" }',
    streamsShape:
      '`streams` maps hex names to the stream running through them: { "C3": "waist-deep" }',
    hexInches: "`hexInches` is the width of a hex in inches, a number above 0",
    needsHexInchesOne:
      "{rulesets} measures moves in inches: the map needs `hexInches`, the width of a hex",
    needsHexInchesMany:
      "{rulesets} measure moves in inches: the map needs `hexInches`, the width of a hex",
    unitsShape:
      '`units` maps hex names to the units placed there: { "C3": [{ "kind": "squad" }, { "kind": "leader", "side": "friendly" }] }',
    unitsList:
      'the units in {hex} are a list: { "C3": [{ "kind": "squad" }, { "kind": "leader", "side": "friendly" }] }',
    unitNotObject: 'a unit in {hex} is an object, as a scenario\'s `unit`: { "kind": "squad" }',
    unitSide: 'a unit\'s `side` is "friendly" or "enemy"',
    unitKind: "a unit in {hex} needs `kind`",
    vehiclesShape:
      '`vehicles` maps hex names to the vehicle standing there: { "D4": { "kind": "halftrack", "mp": 16 } }',
    vehicleNotObject:
      'the vehicle in {hex} is an object, as a scenario\'s `vehicle`: { "kind": "halftrack", "mp": 16 }',
    vehicleNegative: "`{field}` of the vehicle in {hex} must not be negative",
    vehicleKind: "the vehicle in {hex} needs `kind`",
    tooLargeToDraw:
      "the map is too large to draw: {columns} × {rows} hexes = {drawn} hexes; a drawing holds at most {max}",
    tooLargeToDrawPanels:
      "the map is too large to draw: {columns} × {rows} hexes × {rulesets} rulesets = {drawn} hexes; a drawing holds at most {max}",
    tooLargeToList:
      "the answer is too large to list: {count} hexes reached; a listing holds at most {max}",
    tooManyUnits:
      "the map places {units} {side} units and {rulesets} rulesets are asked: --all searches at most {max} units × rulesets",
    tooLargeToListUnits:
      "the answer is too large to list: {count} units ending in a hex (all hexes, all rulesets together); a listing holds at most {max}",
    tooLargeToListAll:
      "the answer is too large to list: {count} hexes reached (all rulesets together); a listing holds at most {max}",
  },
  V1004: { unknownName: "no ruleset asked knows the {what} `{name}`" },
  // Reach requests
  V1101: { notHex: "{from} is not a hex of {map} (columns A–{lastColumn}, rows 1–{rows})" },
  V1102: {
    ...JSON_LIMITS,
    trailingComma: "the unit is not valid JSON: trailing comma",
    empty: "the unit is not valid JSON: the file is empty",
    syntax: "the unit is not valid JSON: {problem}",
    notObject: "the unit is not a JSON object",
    unknownNumber:
      "`{field}` is given as unknown (null), but it takes {values}: reach searches the map once per value of an unknown field, and only a field with a few values (true or false, a kind) can be searched so: give it (eval answers an unknown number where the text decides)",
    tooManyValues:
      "the fields given as unknown ({fields}) take {count} combinations of values under {ruleset}; reach searches the map once per combination, at most {max}: give some of them",
  },
  V1103: {
    gated:
      "{ruleset} moves a unit only under `{field}`, which {who} does not give ({cites}): it reaches only its own hex",
    gatedAboard:
      "{ruleset} moves a unit only under `{field}`, which {who} does not give ({cites}): aboard, it cannot get off the vehicle and reaches no hex",
  },
  V1104: {
    noUnits: "{map} places no {side} units: --all moves the units a map's `units` places",
  },
  V1105: {
    notPresent:
      "{ruleset}: {unit} moves with `{with}`, who is not placed in its hex on its side: a stack moves with a leader of its hex (SL 5.44, ASL A4.12)",
    notLeader:
      "{ruleset}: {unit} moves with `{with}`, a {kind}, who is not a leader in {ruleset}: a stack moves with a leader of its hex (SL 5.44, ASL A4.12)",
  },
  V1113: {
    noVehicle: "{from} holds no vehicle to start aboard (the map's `vehicles`)",
    noVehicleListed: "{from} holds no vehicle to start aboard (the map's `vehicles`: {vehicles})",
  },
  V1120: {
    wholeMove:
      "{ruleset}: a step's cost reads the whole move (`{what}` in {where}): `eval` prices each step knowing every step of the move, reach only the path so far, so a cost reach gives is not always the price `eval` gives for the same path",
  },
  V1121: {
    floorChange:
      "{ruleset}: the unit starts in a building ({hex}), where it could change floor ([{cite}] `{action}`, the move's first step): reach does not search that move — a map has no floors, and its answer is one cost per hex — so the hexes it lists are moves that stay on the floor the unit starts on",
  },
} as const satisfies { readonly [C in Code]?: Readonly<Record<string, string>> };

type Messages = typeof MESSAGES;
/** The codes whose messages are in the table. */
export type MessageCode = keyof Messages;
/** The names of the messages of `C` (of every code in `C`, when it is a union: those they share). */
export type MessageName<C extends MessageCode> = keyof Messages[C] & string;

/** The placeholders of template `T`: each `{name}` whose name has no space, brace or quote. */
type Placeholders<T extends string> = T extends `${string}{${infer P}}${infer Rest}`
  ? (P extends `${string}${" " | "{" | '"' | "…"}${string}` | "" ? never : P) | Placeholders<Rest>
  : never;

/** The data message `M` of code `C` needs: one value for each of its placeholders. */
export type MessageArgs<C extends MessageCode, M extends MessageName<C>> = {
  readonly [P in Placeholders<Messages[C][M] & string>]: string | number;
};

/** A placeholder as the table writes it (see the file's comment). */
export const PLACEHOLDER = /\{([A-Za-z][A-Za-z0-9]*)\}/g;

/** The template of message `name` of `code`. */
export function template(code: MessageCode, name: string): string | undefined {
  return (MESSAGES[code] as Readonly<Record<string, string>>)[name];
}

/** Template `text` with each placeholder replaced by its value in `args` (the values are not read again). */
export function fill(text: string, args: Readonly<Record<string, string | number>>): string {
  return text.replace(PLACEHOLDER, (whole, name: string) =>
    Object.hasOwn(args, name) ? String(args[name]) : whole,
  );
}

/**
 * Names listed in a message or a hint, bounded: the first `max` and how many more ("a, b, c, … and
 * 59,997 more"), so a list drawn from a user's file (an enum's members, a table's missing rows) never
 * makes a message grow with the file (docs/cli.md, limits).
 */
export function nameList(names: readonly string[], max = 20): string {
  if (names.length <= max) return names.join(", ");
  return `${names.slice(0, max).join(", ")}, … and ${(names.length - max).toLocaleString("en")} more`;
}

/** `n` and the noun, in the singular for one: `count(1, "argument")` is "1 argument". */
export function count(n: number, noun: string, plural = `${noun}s`): string {
  return `${n} ${n === 1 ? noun : plural}`;
}

/**
 * The one constructor of a diagnostic from the table: message `message` of `code`, filled with
 * `args`, at `span` (null: the whole input), with an optional hint and the data a tool acts on.
 */
export function report<C extends MessageCode, M extends MessageName<C>>(
  code: C,
  message: M,
  span: Span | null,
  args: MessageArgs<C, M>,
  hint?: string,
  data?: DiagnosticData,
): Diagnostic {
  const text = template(code, message);
  if (text === undefined) throw new Error(`no message ${message} of ${code}`);
  return diag(code, fill(text, args), span, hint, data);
}
