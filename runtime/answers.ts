/**
 * What a generated module's `evaluate` answers besides the move's price, as `variorum eval --json`
 * does (compiler/interpret/predicates.ts and step-answers.ts for the interpreter): the ruleset's
 * predicates about the whole move ("may it use Assault Movement?") and the values it gathers step by
 * step (ASL's First Fire DRM where the unit stands), each with the citations it consulted, asked after
 * the move is priced. An answer a roll the scenario leaves open decides is null.
 */
import { InputError } from "./errors.js";
import type { MoveContext, MoveResult, StepResult } from "./types.js";

/** One question a module answers: a predicate, or a rule asked of every step. */
export interface Question<X> {
  readonly name: string;
  readonly cite: string;
  /** How its value reads: a number in ticks, true/false, a member, a set of members. */
  readonly type: "num" | "bool" | "enum" | "set";
  readonly ask: (ctx: X, trace: string[]) => unknown;
}

/** A step of `evaluate`'s result, with the values the ruleset gathers there (when it gathers any). */
export interface AnsweredStep extends StepResult {
  /** Name → value: a number in the rule's measure, true/false, a member name; null when NA or by the dice. */
  answers?: Record<string, number | boolean | string | null>;
  /** Name → the citations consulted, the rule's own first. */
  answerRules?: Record<string, string[]>;
}

/** The result of a generated module's `evaluate`: one entry of `variorum eval --json`'s `results`. */
export interface Evaluation extends Omit<MoveResult, "steps" | "legal" | "probability"> {
  /** Legal or not; null when the dice decide (a dice move without a fixed roll: see `probability`). */
  legal: boolean | null;
  /** A dice move without a fixed roll: the exact chance it is legal, "15/36" (runtime/chance.ts). */
  probability?: string;
  steps: AnsweredStep[];
  /** Each predicate about the whole move: true / false, or null when a roll left open decides. */
  predicates: Record<string, boolean | null>;
  /** Each predicate's citations, its own first. */
  predicateRules: Record<string, string[]>;
}

function answer<X>(
  q: Question<X>,
  ctx: X,
  scale: number,
): { value: number | boolean | string | null; rules: string[] } {
  const trace: string[] = [];
  let v: unknown;
  try {
    v = q.ask(ctx, trace);
  } catch (e) {
    if (!(e instanceof InputError)) throw e;
    v = null;
  }
  const rules = [...new Set([q.cite, ...trace])];
  if (v === null) return { value: null, rules };
  switch (q.type) {
    case "num": {
      const n = v as number;
      return { value: n !== n ? null : n / scale + 0, rules };
    }
    case "set":
      return { value: [...(v as ReadonlySet<string>)].join("+"), rules };
    default:
      return { value: v as boolean | string, rules };
  }
}

/**
 * `result` with the answers of `predicates` and, per step, of `perStep`, asked of `ctx` as the move
 * left it (`path.spent`, `path.hexes` and the allowance are the move's); numbers are in ticks of `scale`.
 */
export function withAnswers<X extends MoveContext<number>>(
  result: MoveResult,
  ctx: X,
  predicates: readonly Question<X>[],
  perStep: readonly Question<X>[],
  scale: number,
): Evaluation {
  const asked = predicates.map((q) => [q.name, answer(q, ctx, scale)] as const);
  const steps = result.steps.map((s, i): AnsweredStep => {
    if (perStep.length === 0) return s;
    ctx.i = i;
    const a = perStep.map((q) => [q.name, answer(q, ctx, scale)] as const);
    return {
      ...s,
      answers: Object.fromEntries(a.map(([n, x]) => [n, x.value])),
      answerRules: Object.fromEntries(a.map(([n, x]) => [n, x.rules])),
    };
  });
  // A numeric probability is the move's own; the module's `evaluate` states the exact chance.
  const { probability: _p, ...move } = result;
  return {
    ...move,
    steps,
    predicates: Object.fromEntries(asked.map(([n, x]) => [n, x.value as boolean | null])),
    predicateRules: Object.fromEntries(asked.map(([n, x]) => [n, x.rules])),
  };
}
