/**
 * Identifier mangling for generated code. Every name that comes from a `.rules` file reaches the
 * generated module only through these functions, so a hostile name cannot inject code.
 *
 * Scheme (kebab-case ruleset names):
 * - types (enums): PascalCase, `open-ground` → `OpenGround`;
 * - exported data (enum values/names, groups, tables): camelCase, `leader-bonus` → `leaderBonus`;
 * - functions and internals: a kind prefix plus snake_case, `leader-bonus` → `r_leader_bonus`.
 * Characters outside `[A-Za-z0-9]` (other than the joining hyphen) become `_xHH_` escapes, a leading
 * digit gets a `_` prefix, and the `NameTable` makes every module-level name unique (suffix `_2`,
 * `_3`, … in IR order) and keeps it off reserved words, globals and the module's fixed names.
 */

/** Words that cannot be used as identifiers (or are best avoided) in strict-mode TypeScript. */
// prettier-ignore
const RESERVED = new Set([
  // ECMAScript reserved words, strict-mode and contextual ones
  'break', 'case', 'catch', 'class', 'const', 'continue', 'debugger', 'default', 'delete', 'do', 'else',
  'enum', 'export', 'extends', 'false', 'finally', 'for', 'function', 'if', 'import', 'in', 'instanceof',
  'new', 'null', 'return', 'super', 'switch', 'this', 'throw', 'true', 'try', 'typeof', 'var', 'void',
  'while', 'with', 'yield', 'let', 'static', 'implements', 'interface', 'package', 'private', 'protected',
  'public', 'await', 'async', 'arguments', 'eval', 'of', 'get', 'set',
  // TypeScript keywords and built-in type names
  'any', 'as', 'asserts', 'bigint', 'boolean', 'constructor', 'declare', 'infer', 'is', 'keyof', 'module',
  'namespace', 'never', 'number', 'object', 'readonly', 'require', 'string', 'symbol', 'type', 'undefined',
  'unique', 'unknown', 'from', 'global', 'abstract', 'accessor', 'out', 'override', 'satisfies', 'using',
  // Globals the generated code uses or could shadow
  'Array', 'Boolean', 'Error', 'Infinity', 'JSON', 'Map', 'Math', 'NaN', 'Number', 'Object', 'Partial',
  'Promise', 'Readonly', 'ReadonlyArray', 'ReadonlyMap', 'ReadonlySet', 'Record', 'RangeError', 'Set',
  'String', 'Symbol', 'globalThis', 'process', 'console', 'window', 'self', 'require', 'exports',
  '__proto__', 'prototype', 'toString', 'valueOf', 'hasOwnProperty',
]);

/**
 * Names the module itself declares or uses as locals: they are claimed before any ruleset name, so
 * a ruleset name never takes them (and never shadows a local inside a generated function).
 */
// prettier-ignore
export const FIXED_NAMES = [
  // runtime imports
  'MoveContext', 'MoveModel', 'MoveResult', 'Violation', 'evaluateMove', 'tickNum', 'toTicks', 'missing',
  'absent', 'checkInput', 'withAnswers', 'InputError', 'reachOnMap', 'evaluateWith', 'reachWith', 'ModuleRules', 'Evaluation', 'FieldDomain', 'InputDomains',
  'InputShape', 'Question', 'MapGraph', 'ReachAnswer', 'ReachProfile', 'chanceOfMove', 'withChance',
  'answerInput', 'Answer', 'holdsOpen',
  // module-level declarations
  'SCALE', 'ALL', 'num', 'model', 'evaluate', 'prepare', 'sumDice', 'diceScratch', 'Unit', 'Vehicle', 'Step',
  'Scenario', 'ScenarioInput', 'PUnit', 'PVehicle', 'PStep', 'PScenario', 'Ctx', 'inputDomains',
  'predicates', 'stepQuestions', 'reach', 'reachProfile', 'price', 'explain', 'Explanation', 'PricedStep',
  'ReachOptions', 'EvaluationOptions', 'moduleRules',
  // locals and parameters of generated functions
  'ctx', 'trace', 'out', 'open', 'input', 'i', 'j', 'k', 'n', 'f', 'v', 'acc', 'saved', 'base', 'roll', 'perDie',
  'keep', 'highest', 'u', 'c', 's', 'veh', 'rulesets', 'checked', 'result', 'sc', 'fixed', 'map', 'from',
  'unit', 'scenario', 'steps', 'vehicle', 'path', 'spent', 'cost', 'rules', 'hexes', 'options',
  'args', 'aboard',
];

/** True when `s` can be written as a bare identifier (and is not a reserved word). */
export function isIdentifier(s: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) && !RESERVED.has(s);
}

/** A property name safe to use bare in `a.b` and in object literals (`__proto__` excluded). */
export function isSafeProperty(s: string): boolean {
  return /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(s) && s !== "__proto__";
}

function escapeChars(word: string): string {
  let out = "";
  for (const ch of word) {
    if (/[A-Za-z0-9]/.test(ch)) out += ch;
    else out += `_x${ch.codePointAt(0)!.toString(16)}_`;
  }
  return out;
}

/** The hyphen-separated words of a name, each escaped to `[A-Za-z0-9_]`. Empty words are dropped. */
function words(name: string): string[] {
  return name
    .split("-")
    .filter((w) => w.length > 0)
    .map(escapeChars);
}

function leadingDigit(s: string): string {
  return s === "" ? "_" : /^[0-9]/.test(s) ? `_${s}` : s;
}

function capital(w: string): string {
  return w.charAt(0).toUpperCase() + w.slice(1);
}

/** `leader-bonus` → `leader_bonus` (to be prefixed, e.g. `r_leader_bonus`). */
export function snake(name: string): string {
  return words(name).join("_") || "_";
}

/** `leader-bonus` → `leaderBonus`; an all-capitals first word stays as it is (`MMC` → `MMC`). */
export function camel(name: string): string {
  const ws = words(name);
  if (ws.length === 0) return "_";
  const [first, ...rest] = ws;
  const head = /^[A-Z0-9_]+$/.test(first) ? first : first.charAt(0).toLowerCase() + first.slice(1);
  return leadingDigit(head + rest.map(capital).join(""));
}

/** `open-ground` → `OpenGround`. */
export function pascal(name: string): string {
  const ws = words(name);
  return leadingDigit(ws.map(capital).join("")) || "_";
}

/**
 * Allocates module-level identifiers, unique across types and values. Claims happen in IR order,
 * so the result is deterministic.
 */
export class NameTable {
  private readonly used = new Set<string>(FIXED_NAMES);

  /** Claims `candidate`, or `candidate_2`, `candidate_3`, … when it is taken or reserved. */
  claim(candidate: string): string {
    if (!/^[A-Za-z_$][A-Za-z0-9_$]*$/.test(candidate))
      throw new Error(`not an identifier: ${candidate}`);
    let name = candidate;
    for (let n = 2; this.used.has(name) || RESERVED.has(name); n++) name = `${candidate}_${n}`;
    this.used.add(name);
    return name;
  }
}

/**
 * Property names of one record (the prepared records of a ruleset's inputs): the JSON name when it
 * is a safe identifier, else an escaped form, unique within the record.
 */
export class PropertyTable {
  private readonly used = new Set<string>();

  claim(json: string): string {
    const candidate = isSafeProperty(json) ? json : `f_${snake(json)}`;
    let name = candidate;
    for (let n = 2; this.used.has(name); n++) name = `${candidate}_${n}`;
    this.used.add(name);
    return name;
  }
}
