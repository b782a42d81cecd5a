/**
 * Runs a ruleset's worked examples through the interpreter: each example's scenario is priced and
 * every expectation compared exactly (rationals, not floats).
 */
import { evaluateMove } from "../../runtime/move.js";
import { ratNum, Rat, RatOverflow } from "../../runtime/rational.js";
import { formatQuantity } from "../../runtime/format.js";
import { SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";
import { report } from "../../diagnostics/messages.js";
import type { ExampleDef, RulesetIR, ScenarioValue, Value } from "../ir/ir.js";
import { EvalError, InputError, MissingInput, same, valueOf, type RunValue } from "./eval.js";
import { answerScenario, type Partial } from "./answers.js";
import { interpreterFor, prepare } from "./interpreter.js";

export interface ExampleResult {
  cite: string;
  title: string;
  passed: boolean;
  /** The example's input does not make a scenario the ruleset accepts (a required field missing). */
  invalid: boolean;
  /** A value the rules compute from the example's input leaves the exact range (`RatOverflow`). */
  overflow: boolean;
  failures: string[];
  span: Span | null;
}

/** A value as an example's failure shows it. */
export function show(v: RunValue | Value): string {
  if (v instanceof Rat) return v.isNA() ? "NA" : formatQuantity(v.toString());
  if (typeof v === "boolean" || typeof v === "string") return String(v);
  if (v instanceof Set) return `{${[...v].join(", ")}}`;
  const x = v as Value;
  if (x.v === "num") return formatQuantity(x.q);
  if (x.v === "all") return "all";
  if (x.v === "na") return "NA";
  if (x.v === "bool") return String(x.b);
  if (x.v === "member") return x.name;
  return `{${x.members.join(", ")}}`;
}

/** Whether two constants are equal (numbers exactly, sets as sets). */
export function sameValue(a: Value, b: Value): boolean {
  if (a.v === "num" && b.v === "num") return Rat.parse(a.q).eq(Rat.parse(b.q));
  if (a.v === "set" && b.v === "set") return same(new Set(a.members), new Set(b.members));
  return JSON.stringify(a) === JSON.stringify(b);
}

function wantRV(v: Value): RunValue {
  return v.v === "na" ? Rat.NA : valueOf(v);
}

/**
 * Runs an example that places several units (`stack HEX { … }`): reach's machinery does
 * (compiler/reach/examples.ts), so a caller above reach in the ranks passes it in (the engine's
 * `runExamples`); without it such an example fails saying so.
 */
export type SeveralUnits = (ir: RulesetIR, ex: ExampleDef, span: Span | null) => ExampleResult;

export function runExample(
  ir: RulesetIR,
  ex: ExampleDef,
  src: SourceFile | null = null,
  several: SeveralUnits | null = null,
): ExampleResult {
  const failures: string[] = [];
  const span: Span | null = src ? lineSpan(src, ex.origin.line) : null;
  if (ex.counters !== undefined) {
    if (several !== null) return several(ir, ex, span);
    return {
      cite: ex.cite,
      title: ex.title,
      passed: false,
      invalid: false,
      overflow: false,
      failures: ["an example of several units runs through the engine's runExamples"],
      span,
    };
  }
  let invalid = false;
  let overflow = false;
  const done = (): ExampleResult => ({
    cite: ex.cite,
    title: ex.title,
    passed: failures.length === 0,
    invalid,
    overflow,
    // Every case of an answer that depends on a field is checked: a failure is said once.
    failures: [...new Set(failures)],
    span,
  });
  const model = interpreterFor(ir);
  const { ctx, problems } = prepare(ir, ex.input);
  if (problems.length) {
    invalid = true;
    failures.push(...problems);
    return done();
  }
  const needs = ex.expect.find((x) => x.e === "needs");
  const depends = ex.expect.filter((x) => x.e === "depends");
  try {
    if (needs !== undefined) {
      expectNeeds(model, ctx, needs.field, failures);
      // What is answered without the number: the allowance's distribution (`expect mean = 5`).
      const dists = ex.expect.filter((x) => x.e === "dist");
      if (dists.length > 0 && failures.length === 0) {
        const only = answerScenario(ir, ex.input, []).cases[0]!;
        const a = only.partial?.allowance ?? only.result?.allowance ?? NaN;
        for (const x of dists) {
          const got = typeof a === "number" ? a : a[x.what];
          const want = x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN;
          if (Math.abs(got - want) > 1e-9)
            failures.push(`expected ${x.what} of the allowance = ${show(x.want)}, got ${got}`);
        }
      }
      return done();
    }
    if (depends.length > 0) {
      // `expect depends on F`: the answer differs with F; every other expectation holds in every case.
      const reply = answerScenario(ir, ex.input, []);
      for (const d of depends)
        if (!reply.dependsOn.some((f) => fieldMatches(d.field, f)))
          failures.push(
            `expected the answer to depend on \`${d.field}\`, but it ${reply.dependsOn.length > 0 ? `depends on ${reply.dependsOn.join(", ")}` : "is the same for every value"}`,
          );
      for (const c of reply.cases) if (c.result !== null) check(c.input);
      return done();
    }
    const mark = failures.length;
    try {
      check(ex.input);
    } catch (e) {
      // A field left out with finitely many values: the answer, when every value gives the same one.
      if (!(e instanceof MissingInput)) throw e;
      failures.length = mark;
      const reply = answerScenario(ir, ex.input, []);
      if (reply.dependsOn.length > 0)
        failures.push(
          `the answer depends on ${reply.dependsOn.join(", ")}: give it, or say \`expect depends on ${reply.dependsOn[0]}\``,
        );
      else if (reply.cases[0]!.result === null) checkPartial(reply.cases[0]!.partial!, e);
      else check(reply.cases[0]!.input);
    }
  } catch (e) {
    // The one place an example's evaluation stops: the input cannot be priced (or the evaluator
    // cannot go on: an `EvalError`), or a value leaves the exact range. Anything else is a bug.
    if (e instanceof RatOverflow) overflow = true;
    else if (!(e instanceof EvalError)) throw e;
    failures.push(e.message);
  }
  return done();

  /**
   * A move that leaves out a number it needs (`missing`): what is answered without it — legality when
   * the text decides it whatever the number (runtime/open.ts), its violations, the allowance — is
   * compared; any other expectation fails, saying what is missing.
   */
  function checkPartial(p: Partial, missing: MissingInput): void {
    const violations = p.violations ?? [];
    for (const x of ex.expect) {
      switch (x.e) {
        case "legal":
          if (p.legal !== x.want)
            failures.push(
              p.legal === undefined || p.legal === null
                ? `expected ${x.want ? "a legal" : "an illegal"} move, but it turns on \`${missing.field}\`${thresholdText(p)}, which the example does not give`
                : x.want
                  ? `expected a legal move, but whatever \`${missing.field}\` is: ${violations.map((v) => `[${v.rule}] ${v.message}`).join("; ")}`
                  : `expected an illegal move, but it is legal whatever \`${missing.field}\` is`,
            );
          break;
        case "violation": {
          const hit = violations.some((v) => v.rule === x.cite);
          if (hit !== x.want)
            failures.push(
              x.want
                ? `expected a violation of [${x.cite}] whatever \`${missing.field}\` is, got ${violations.length ? violations.map((v) => `[${v.rule}]`).join(", ") : "none"}`
                : `expected no violation of [${x.cite}]`,
            );
          break;
        }
        case "value": {
          const a = p.allowance;
          if (x.what !== "allowance") failures.push(missing.message);
          else if (typeof a !== "number")
            failures.push(
              "the allowance of a dice ruleset depends on the roll: give `roll …`, or expect its mean, min or max",
            );
          else if (Math.abs(a - (x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN)) > 1e-9)
            failures.push(`expected allowance = ${show(x.want)}, got ${a}`);
          break;
        }
        case "dist": {
          const a = p.allowance;
          const got = typeof a === "number" ? a : a[x.what];
          const want = x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN;
          if (Math.abs(got - want) > 1e-9)
            failures.push(`expected ${x.what} of the allowance = ${show(x.want)}, got ${got}`);
          break;
        }
        default:
          failures.push(missing.message);
      }
    }
  }

  /** ": legal from 2 MP" — where legality turns on one number at a threshold (runtime/cases.ts). */
  function thresholdText(p: Partial): string {
    const t = p.legalFrom ?? p.legalUpTo;
    if (t === undefined) return "";
    const at = formatQuantity(t.exact ?? String(t.at));
    const measure = p.legalFrom !== undefined ? p.legalFrom.measure : ir.movement.measure;
    return `: legal ${p.legalFrom !== undefined ? "from" : "up to"} ${at}${measure === undefined ? "" : ` ${measure}`}`;
  }

  /** Prices the example's move with `input` and compares every expectation. */
  function check(input: ScenarioValue): void {
    const { ctx } = prepare(ir, input);
    const result = evaluateMove(model, ratNum, ctx, { trace: true });
    const cmp = (what: string, got: RunValue, want: Value) => {
      if (!same(got, wantRV(want)))
        failures.push(`expected ${what} = ${show(want)}, got ${show(got)}`);
    };
    for (const x of ex.expect) {
      switch (x.e) {
        case "legal":
          if (result.legal !== x.want) {
            failures.push(
              x.want
                ? `expected a legal move, but: ${result.violations.map((v) => `[${v.rule}] ${v.message}`).join("; ")}`
                : "expected an illegal move, but it is legal",
            );
          }
          break;
        case "violation": {
          const hit = result.violations.some((v) => v.rule === x.cite);
          if (hit !== x.want)
            failures.push(
              x.want
                ? `expected a violation of [${x.cite}], got ${result.violations.length ? result.violations.map((v) => `[${v.rule}]`).join(", ") : "none"}`
                : `expected no violation of [${x.cite}]`,
            );
          break;
        }
        case "value": {
          if (model.dice > 0 && input.roll === undefined && x.what === "allowance") {
            failures.push(
              "the allowance of a dice ruleset depends on the roll: give `roll …`, or expect its mean, min or max",
            );
            break;
          }
          const got =
            x.what === "allowance"
              ? ctx.allowance
              : x.what === "spent"
                ? ctx.spent
                : model.vehicleSpent(ctx);
          if (got === null)
            failures.push(`expected ${x.what} = ${show(x.want)}, but there is no vehicle spending`);
          else cmp(x.what, got, x.want);
          break;
        }
        case "halt": {
          const want = x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN;
          if (result.halt === undefined)
            failures.push(
              `expected the move to halt after ${show(x.want)}, but ${result.legal ? "it reaches its end" : "nothing halts it (give a fixed roll)"}`,
            );
          else if (Math.abs(result.halt.at - want) > 1e-9)
            failures.push(
              `expected the move to halt after ${show(x.want)}, got ${formatQuantity(String(result.halt.at))} [${result.halt.rule}]`,
            );
          break;
        }
        case "probability": {
          const want = x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN;
          if (result.probability === undefined)
            failures.push("a probability needs a dice ruleset and no fixed roll");
          else if (Math.abs(result.probability - want) > 1e-9)
            failures.push(
              `expected the move to succeed with probability ${show(x.want)}, got ${result.probability}`,
            );
          break;
        }
        case "step": {
          if (x.index < 1 || x.index > ctx.path.length) {
            failures.push(`there is no step ${x.index}; the path has ${ctx.path.length}`);
            break;
          }
          ctx.i = x.index - 1;
          cmp(`step ${x.index}`, model.stepCost(ctx, null), x.want);
          break;
        }
        case "dist": {
          const a = result.allowance;
          const got = typeof a === "number" ? a : a[x.what];
          const want = x.want.v === "num" ? Rat.parse(x.want.q).toNumber() : NaN;
          if (Math.abs(got - want) > 1e-9)
            failures.push(`expected ${x.what} of the allowance = ${show(x.want)}, got ${got}`);
          break;
        }
        case "table": {
          const row = ir.tables
            .find((t) => t.name === x.name)
            ?.rows.find((r) => r.keys.every((k, i) => k === x.keys[i]));
          const label = `${x.name}(${x.keys.join(", ")})`;
          if (!row) failures.push(`${label} has no entry`);
          else if (!sameValue(row.value, x.want))
            failures.push(`expected ${label} = ${show(x.want)}, got ${show(row.value)}`);
          break;
        }
        case "rule": {
          const r = ir.rules.find((y) => y.name === x.name);
          if (r)
            cmp(
              x.args.length ? `${x.name}(${x.args.map(show).join(", ")})` : x.name,
              model.ev.rule(r, ctx, null, x.args.map(valueOf)),
              x.want,
            );
          break;
        }
      }
    }
  }
}
/**
 * `expect needs vehicle.kind`: the move must stop for want of that field (`path[].terrain` matches
 * the field at any step), with the error a scenario gets (`MissingInput`, read by its field).
 */
function expectNeeds(
  model: ReturnType<typeof interpreterFor>,
  ctx: ReturnType<typeof prepare>["ctx"],
  field: string,
  failures: string[],
): void {
  try {
    evaluateMove(model, ratNum, ctx, { trace: false });
    failures.push(`expected the move to need \`${field}\`, but it was answered`);
  } catch (e) {
    if (!(e instanceof EvalError)) throw e;
    const got = e instanceof InputError && e.code === "missing" ? (e.field ?? "") : "";
    if (!fieldMatches(field, got))
      failures.push(`expected the move to need \`${field}\`, but: ${e.message}`);
  }
}

/** An expectation's field names a scenario path: `path[].terrain` matches the field at any step. */
function fieldMatches(field: string, got: string): boolean {
  const [head, tail] = field.startsWith("path[]")
    ? ["path[", field.slice("path[".length + 1)]
    : [field, ""];
  return tail === "" ? got === head : got.startsWith(head) && got.endsWith(`]${tail}`);
}

/**
 * What an example's outcome can depend on: the IR without origins (line numbers) and paraphrases
 * (titles are messages only; evaluation never reads them). Two IRs with the same fingerprint pass
 * and fail the same examples.
 */
export function exampleFingerprint(ir: RulesetIR): string {
  return JSON.stringify(ir, (key, v: unknown) =>
    key === "origin" || key === "title" ? undefined : v,
  );
}

/** Example outcomes remembered between runs of one document (the language service keeps one). */
export interface ExampleMemo {
  fingerprint: string | null;
  passed: boolean[];
}

/**
 * `runExamples`, skipping the examples that passed last time when the fingerprint is unchanged (an
 * edit to a comment, a paraphrase, or a shift of lines): those pass again. The others run.
 */
export function runExamplesMemo(
  ir: RulesetIR,
  memo: ExampleMemo,
  file: string | null = null,
  text: string | null = null,
  several: SeveralUnits | null = null,
): ExampleResult[] {
  const fp = exampleFingerprint(ir);
  const same = memo.fingerprint === fp && memo.passed.length === ir.examples.length;
  const src = file !== null ? new SourceFile(file, text ?? "") : null;
  const out = ir.examples.map((ex, i) =>
    same && memo.passed[i]
      ? {
          cite: ex.cite,
          title: ex.title,
          passed: true,
          invalid: false,
          overflow: false,
          failures: [],
          span: null,
        }
      : runExample(ir, ex, src, several),
  );
  memo.fingerprint = fp;
  memo.passed = out.map((r) => r.passed);
  return out;
}

/** Runs every example; give the ruleset file's text to locate failures (`file:line:col`). */
export function runExamples(
  ir: RulesetIR,
  file: string | null = null,
  text: string | null = null,
  several: SeveralUnits | null = null,
): ExampleResult[] {
  const src = file !== null ? new SourceFile(file, text ?? "") : null;
  return ir.examples.map((ex) => runExample(ir, ex, src, several));
}

/** The span of line `line` (1-based) of `src`, or of its start when the text is not known. */
function lineSpan(src: SourceFile, line: number): Span {
  if (src.text === "") return { file: src.path, start: 0, end: 0, line, col: 1 };
  const start = src.lineStart(line - 1);
  const nl = src.text.indexOf("\n", start);
  return src.span(start, nl < 0 ? src.text.length : nl);
}

/**
 * A failing example as a diagnostic, at the example: V0802 when its input is invalid, V0105 when a
 * value the rules compute from it leaves the exact range, else V0801.
 */
export function exampleDiagnostic(r: ExampleResult): Diagnostic {
  const why = r.failures.length > 0 ? r.failures.join("; ") : "failed";
  const code = r.invalid ? "V0802" : r.overflow ? "V0105" : "V0801";
  return report(code, "example", r.span, { cite: r.cite, title: r.title, why });
}
