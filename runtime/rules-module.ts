/**
 * A generated module's `evaluate` and `reach`, once for every module (issue 44): the arguments in
 * either of their forms read into options, the input checked against the module's domains, then the
 * one answer (runtime/answers.ts `answerInput`) or the one search on a map (runtime/reach-map.ts
 * `reachOnMap`). A module only declares what is its own (its model, domains, `prepare`, reach
 * profile and map names) in one `ModuleRules` object and calls these. Runs in a browser (no Node API).
 */
import { InputError } from "./errors.js";
import {
  answerInput,
  domainValues,
  type AllowanceOf,
  type Answer,
  type ModuleAnswering,
} from "./answers.js";
import { checkInput, readOptions, type CheckedRecord } from "./input.js";
import type { MapGraph } from "./map.js";
import { reachOnMap, type ReachAnswer } from "./reach-map.js";
import type { ReachProfile } from "./reach.js";
import type { PlainStep } from "./reach-steps.js";
import type { MoveContext } from "./types.js";

/** A checked input as a module's `prepare` takes it (records under their JSON names). */
export interface PreparedInput {
  unit: CheckedRecord;
  scenario: CheckedRecord;
  vehicle?: CheckedRecord;
  path: readonly CheckedRecord[];
  roll?: readonly number[];
}

/** What a generated module declares of its own for `evaluate` and `reach`. */
export interface ModuleRules<X extends MoveContext<number>>
  extends Omit<ModuleAnswering<X>, "prepare" | "trace"> {
  /** The module's `prepare`: the evaluation context of a checked input. */
  readonly prepare: (input: PreparedInput) => X;
  /** What the search on a map keeps apart about a path (compiler/reach/profile.ts). */
  readonly profile: ReachProfile<X>;
  /** The member a map's name means in this ruleset, or null. */
  readonly resolve: (
    field: "terrain" | "hexside" | "enemy" | "vehicle" | "stream",
    name: string,
  ) => string | null;
  /** The map's step fields this ruleset declares (runtime/reach-steps.ts). */
  readonly stepFields: readonly string[];
  /** The step field a map's hexside feature is given to besides `hexside` (Chain of Command's `obstacle`), or null. */
  readonly hexsideAlso: string | null;
  /** The `action` member that boards a vehicle, or null. */
  readonly boardAction: string | null;
  /** The `action` member that gets off a vehicle, or null. */
  readonly unloadAction: string | null;
}

/** `evaluate`'s options (`EvaluationOptions` of a module). */
export interface EvaluateArgs {
  /** Cite the rules behind each step's cost (default true). */
  trace?: boolean;
}

/**
 * A module's `evaluate(input, options)`: `options` an options object, or the deprecated trailing
 * boolean (`trace`). Throws `InputError` for input outside the module's domains. `A` is the module's
 * allowance type: `number` for a ruleset that rolls no dice (its every allowance is a number: only a
 * dice move without a fixed roll answers a distribution, runtime/move.ts), as the emitter declares it.
 */
export function evaluateWith<X extends MoveContext<number>, A extends AllowanceOf = AllowanceOf>(
  rules: ModuleRules<X>,
  input: unknown,
  options: EvaluateArgs | boolean | undefined,
): Answer<A> {
  const o = typeof options === "boolean" ? { trace: options } : readOptions(options);
  const trace = isRecord(o) ? Boolean(o["trace"] ?? true) : true;
  const checked = checkInput(input, rules.domains);
  return answerInput(checked, { ...rules, trace }) as Answer<A>;
}

/** `reach`'s options, in either of its forms. */
export interface ReachArgs {
  scenario: Record<string, unknown>;
  roll?: readonly number[];
  aboard: boolean;
}

const OPTIONS = new Set(["scenario", "roll", "aboard"]);

function isRecord(x: unknown): x is Record<string, unknown> {
  return typeof x === "object" && x !== null && !Array.isArray(x);
}

/**
 * `reach`'s arguments after `map, unit, from`, by their count: one (or none) is the options object
 * `{ scenario, roll, aboard }`; two or three are the deprecated positional form `scenario, roll,
 * aboard` (the roll may be `undefined`). The options object's keys are checked, never used to guess
 * the form: a scenario passed alone where the options go is `InputError` V0902 naming its field, with
 * the fix (`{ scenario }`).
 */
export function reachArgs(args: readonly unknown[]): ReachArgs {
  if (args.length >= 2) {
    const [scenario, roll, aboard] = args;
    return {
      scenario: (scenario ?? {}) as Record<string, unknown>,
      ...(roll === undefined ? {} : { roll: roll as readonly number[] }),
      aboard: aboardOf(aboard, "aboard"),
    };
  }
  const o = readOptions(args[0] ?? {});
  if (!isRecord(o)) throw new InputError("V0903", "options", "`reach`'s options must be an object");
  for (const k of Object.keys(o))
    if (!OPTIONS.has(k))
      throw new InputError(
        "V0902",
        `options.${k}`,
        `\`${k}\` is not an option of \`reach\` (scenario, roll, aboard): a scenario's fields go under \`scenario\`, as \`reach(map, unit, from, { scenario: { ${k}: … } })\``,
      );
  const scenario = o["scenario"] ?? {};
  if (!isRecord(scenario))
    throw new InputError("V0903", "options.scenario", "`options.scenario` must be an object");
  return {
    scenario,
    ...(o["roll"] === undefined ? {} : { roll: o["roll"] as readonly number[] }),
    aboard: aboardOf(o["aboard"], "options.aboard"),
  };
}

function aboardOf(v: unknown, field: string): boolean {
  if (v === undefined) return false;
  if (typeof v !== "boolean")
    throw new InputError("V0903", field, `\`${field}\` must be true or false`);
  return v;
}

/**
 * A module's `reach(map, unit, from, …args)` (`reachArgs`): the unit, scenario and roll checked as
 * `evaluate` checks them, then every hex where the unit may end its move (runtime/reach-map.ts).
 */
export function reachWith<X extends MoveContext<number>>(
  rules: ModuleRules<X>,
  map: MapGraph,
  unit: unknown,
  from: string | number,
  args: readonly unknown[],
): ReachAnswer {
  const { scenario, roll, aboard } = reachArgs(args);
  const checked = checkInput(
    { unit, scenario, path: [], ...(roll === undefined ? {} : { roll }) },
    rules.domains,
  );
  // A field given as unknown: the answer is one map of costs, for a unit whose fields are all known
  // (`variorum reach` searches once per value and merges them hex by hex; a module's `ReachAnswer`
  // has one cost per hex). Refused, never searched as its default.
  const unknown = checked.unknown?.[0];
  if (unknown !== undefined) {
    const values = domainValues(rules.domains, unknown);
    throw new InputError(
      "V0903",
      unknown,
      `\`${unknown}\` is given as unknown (null): \`reach\` answers one cost per hex, for a unit whose fields are all known; call it once per value${values === null ? "" : ` (${values.map(String).join(", ")})`} (\`variorum reach\` answers per value)`,
    );
  }
  const fixed = checked.roll === undefined ? {} : { roll: checked.roll };
  const base = { unit: checked.unit, scenario: checked.scenario, ...fixed };
  const also = rules.hexsideAlso;
  const pathOf = (steps: readonly PlainStep[]): CheckedRecord[] =>
    steps.map((s): CheckedRecord => (also === null ? { ...s } : { ...s, [also]: s.hexside }));
  const withAction = (action: string | null, position: "before" | "after") =>
    action === null
      ? () => null
      : (steps: readonly PlainStep[], vehicle: Record<string, unknown>) => {
          const path = pathOf(steps);
          const step = { action } as CheckedRecord;
          return rules.prepare({
            ...base,
            vehicle: vehicle as CheckedRecord,
            path: position === "before" ? [step, ...path] : [...path, step],
          });
        };
  return reachOnMap<number, X>(
    {
      model: rules.model,
      num: rules.num,
      profile: rules.profile,
      resolve: rules.resolve,
      stepFields: rules.stepFields,
      prepare: (steps) => rules.prepare({ ...base, path: pathOf(steps) }),
      boardAction: rules.boardAction,
      inputError: (e) => e instanceof InputError,
      prepareAboard: withAction(rules.boardAction, "after"),
      unloadAction: rules.unloadAction,
      prepareUnload: withAction(rules.unloadAction, "before"),
    },
    map,
    from,
    aboard,
  );
}
