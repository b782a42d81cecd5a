/**
 * `variorum eval ID[,ID…] SCENARIO.json [--json]`: evaluates one scenario under one or more rulesets.
 * Text output for people; `--json` prints `{ "scenario": name, "results": [MoveResult…] }`.
 * Exit 0 (whether or not the move is legal), 1 for a bad scenario or a ruleset with errors.
 */

import type { RulesetIR, ScenarioValue } from "../ir/ir.js";
import type { PredicateAnswer } from "../interpret/predicates.js";
import {
  assumedText,
  caseLegal,
  dependsText,
  givenText,
  partialVerdictText,
  replyJson,
  verdictText,
} from "../render/answers.js";
import { describeStep } from "../render/steps.js";
import { decimalText as fmt, percentText as pct, quantityText as qty } from "../render/numbers.js";
import type { MoveResult } from "../../runtime/types.js";
import {
  evaluateScenario,
  type CaseAnswer,
  type Evaluation,
  type ScenarioAnswer,
} from "../engine/evaluate.js";
import { findNodeAtLocation, parseTree } from "jsonc-parser";
import { SourceFile, type Diagnostic, type Span } from "../../diagnostics/index.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { loadInput, namedRulesets, unitsByRuleset, unitsOf } from "./input.js";
import { printDiagnostics } from "./render.js";

export interface EvalOptions {
  json?: boolean;
  /** `--unit ID=JSON` (repeatable): ruleset ID is asked with this unit instead of the scenario's. */
  unit?: string[];
}

/**
 * The scenario's text with its `unit` value replaced by `unit` (added when it has none), and a map of
 * spans back: a diagnostic inside the new unit is located in `--unit ID` as typed, one elsewhere in
 * the scenario file. Null when the scenario is not a JSON object (its own error then says so).
 */
function withUnit(
  text: string,
  file: string,
  unit: { text: string; file: string },
): { text: string; back: (d: Diagnostic) => Diagnostic } | null {
  const root = parseTree(text);
  if (root === undefined || root.type !== "object") return null;
  const node = findNodeAtLocation(root, ["unit"]);
  const [start, end] =
    node !== undefined
      ? [node.offset, node.offset + node.length]
      : [root.offset + 1, root.offset + 1];
  const inserted = node !== undefined ? unit.text : `"unit":${unit.text},`;
  const lead = node !== undefined ? 0 : '"unit":'.length;
  const out = text.slice(0, start) + inserted + text.slice(end);
  const delta = inserted.length - (end - start);
  const orig = new SourceFile(file, text);
  const typed = new SourceFile(unit.file, unit.text);
  const move = (s: Span | null): Span | null => {
    if (s === null) return null;
    if (s.start >= start + lead && s.end <= start + lead + unit.text.length)
      return typed.span(s.start - start - lead, s.end - start - lead);
    if (s.start >= start + inserted.length) return orig.span(s.start - delta, s.end - delta);
    if (s.end <= start) return orig.span(s.start, s.end);
    return typed.span(0, unit.text.length);
  };
  return {
    text: out,
    back: (d) => {
      const m: Diagnostic = { ...d, span: move(d.span) };
      if (d.related) m.related = d.related.map((r) => ({ ...r, span: move(r.span)! }));
      return m;
    },
  };
}

export async function evaluate(
  rulesets: string,
  scenarioFile: string,
  opts: EvalOptions,
  ctx: Ctx,
): Promise<number> {
  const ids = namedRulesets(rulesets, "variorum eval sl-classic scenario.json");
  const asked = await loadInput(ids, scenarioFile, "scenario", ctx);
  if (asked === null) return 1;
  const { irs } = asked;
  const { file, text } = asked.input;

  // The scenario gives the unit; `--unit ID=JSON` only replaces it for ruleset ID.
  const { units } = unitsOf(opts.unit ?? []);
  if ((opts.unit ?? []).length > Object.keys(units).length)
    throw new UsageError(
      "eval takes the unit from the scenario: give a ruleset its own unit as --unit ID=JSON",
    );
  const own = unitsByRuleset(units, asked);
  const sources = new Map([[file, text]]);
  for (const u of own.values()) sources.set(u.file, u.text);
  // Rulesets with their own unit are asked one by one with the scenario's unit replaced; the others
  // together with the scenario as written; the answers keep the order the rulesets were named in.
  const shared = irs.filter((ir) => !own.has(ir.id));
  const all: Diagnostic[] = [];
  const answers = new Map<string, Evaluation["answers"][number]>();
  let name: string | null = null;
  let failed = false;
  const ask = (rs: RulesetIR[], t: string, back: (d: Diagnostic) => Diagnostic) => {
    const out = evaluateScenario({ rulesets: rs, text: t, file });
    all.push(...out.diagnostics.map(back));
    if (out.value === null) failed = true;
    else {
      name ??= out.value.name;
      out.value.answers.forEach((a, i) => answers.set(rs[i]!.id, a));
    }
  };
  if (shared.length > 0) ask(shared, text, (d) => d);
  for (const ir of irs.filter((x) => own.has(x.id))) {
    const w = withUnit(text, file, own.get(ir.id)!);
    if (w === null) ask([ir], text, (d) => d);
    else ask([ir], w.text, w.back);
  }
  printDiagnostics(all, sources, ctx, file);
  const value: Evaluation | null = failed
    ? null
    : { name: name ?? "", answers: irs.map((ir) => answers.get(ir.id)!) };
  if (value === null) return 1;
  if (opts.json === true) {
    // Each result also answers the ruleset's predicates: `predicates` (name → true/false, or null when
    // a roll the scenario leaves open decides) and `predicateRules` (name → the citations consulted).
    // Each step also gets `answers` (name → value of each rule the ruleset gathers step by step, such
    // as ASL's First Fire DRM where the unit stands) and `answerRules` (name → citations), when it has any.
    // An answer that depends on a field the scenario leaves out has `dependsOn` and `cases` (each case
    // the same shape, with `given`); one that needs a number it leaves out, `needs` (render/answers.ts).
    const results = value.answers.map((a) =>
      replyJson(a.ir.id, a.reply, a.notApplicable, (c, r) => ({
        steps: r.steps.map((s, j) => {
          const x = c.perStep[j] ?? [];
          return x.length === 0
            ? s
            : {
                ...s,
                answers: Object.fromEntries(x.map((y) => [y.name, y.value])),
                answerRules: Object.fromEntries(x.map((y) => [y.name, y.rules])),
              };
        }),
        predicates: Object.fromEntries(c.predicates.map((y) => [y.name, y.value])),
        predicateRules: Object.fromEntries(c.predicates.map((y) => [y.name, y.rules])),
      })),
    );
    ctx.out(JSON.stringify({ scenario: value.name, results }, null, 2) + "\n");
    return 0;
  }
  ctx.out(ctx.cOut.bold(value.name) + "\n");
  for (const a of value.answers) ctx.out("\n" + renderAnswer(a, ctx));
  return 0;
}

/** One ruleset's answer: one case, or a line saying what it depends on and then each case indented. */
function renderAnswer(a: ScenarioAnswer, ctx: Ctx): string {
  const c = ctx.cOut;
  const head = `${c.bold(a.ir.id)}  ${c.dim(a.ir.title)}\n`;
  const { reply } = a;
  // The defaults the answer turns on: "assuming no unit.leader (the default)".
  const assumed = assumedText(reply)
    .map((t) => `  ${c.dim(`note       ${t}`)}\n`)
    .join("");
  if (reply.dependsOn.length === 0) {
    const one = reply.cases[0]!;
    const note =
      reply.notNeeded.length > 0
        ? `  ${c.dim(`note       the same for every ${reply.notNeeded.join(" and every ")} (not given)`)}\n`
        : "";
    return head + renderCase(a.ir, a.input, one, ctx, "") + note + assumed;
  }
  let out = head + `  ${dependsText(reply)}\n`;
  for (const one of reply.cases)
    out +=
      `  ${c.bold(`when ${givenText(one.given)}:`)}\n` + renderCase(a.ir, a.input, one, ctx, "  ");
  return out + assumed;
}

/** One case: its result and predicates, or what can be answered without a number it needs. */
function renderCase(
  ir: RulesetIR,
  input: ScenarioValue,
  one: CaseAnswer,
  ctx: Ctx,
  indent: string,
): string {
  const text =
    one.result === null
      ? renderPartial(ir, one, ctx)
      : renderResult(ir, input, one, one.result, ctx) + renderPredicates(one.predicates, ctx);
  return text
    .split("\n")
    .map((l) => (l === "" ? l : indent + l))
    .join("\n");
}

/** The allowance, the rolls that cover each whole unit, and what the answer needs. */
function renderPartial(ir: RulesetIR, one: CaseAnswer, ctx: Ctx): string {
  const c = ctx.cOut;
  const p = one.partial!;
  const unit = ir.movement.measure;
  const lines = allowanceLines(p.allowance, p.exactAllowance, unit, null, ctx);
  if (p.covers !== undefined) {
    const covers = p.covers.filter((x) => x.at > 0).map((x) => `${x.at}: ${x.rolls}/${p.rolls}`);
    lines.push(
      `  covers     ${covers.join("  ")}  ${c.dim(`(rolls that carry it at least so many ${unit})`)}`,
    );
  }
  // Legality where the text decides it whatever the left-out number, or up to what value of it.
  const legal = caseLegal(one);
  const decided = p.legal !== undefined || p.legalUpTo !== undefined || p.legalFrom !== undefined;
  if (decided) {
    const said = partialVerdictText(one, unit);
    lines.push(
      `  verdict    ${legal === true ? c.green(said) : legal === false ? c.red(said) : said}`,
    );
  }
  for (const v of p.violations ?? [])
    lines.push(
      `  ${c.red("violation")}  [${v.rule}] ${v.message}${v.step !== undefined ? ` (step ${v.step})` : ""}`,
    );
  const why =
    p.legal !== undefined
      ? "for the rest of the answer"
      : "for what the move spends and whether it is legal";
  lines.push(`  needs      ${one.needs.join(", ")}  ${c.dim(`(${why})`)}`);
  return lines.join("\n") + "\n";
}

function allowanceLines(
  a: MoveResult["allowance"],
  exact: string | undefined,
  unit: string,
  roll: readonly number[] | null,
  ctx: Ctx,
): string[] {
  const c = ctx.cOut;
  if (typeof a === "number")
    return [
      `  allowance  ${qty(exact, a)} ${unit}${roll ? c.dim(`  (roll ${roll.join(", ")})`) : ""}`,
    ];
  const dist = Object.keys(a.distribution)
    .sort((x, y) => Number(x) - Number(y))
    .map((k) => `${k}: ${(a.distribution[k]! * 100).toFixed(1)}%`);
  return [
    `  allowance  ${fmt(a.min)}–${fmt(a.max)} ${unit}, mean ${fmt(a.mean)}  ${c.dim("(by the dice; give unit.dice for a fixed roll)")}`,
    `             ${c.dim(dist.join("  "))}`,
  ];
}

/** A human-readable account of one result. */
function renderResult(
  ir: RulesetIR,
  input: ScenarioValue,
  one: CaseAnswer,
  r: MoveResult,
  ctx: Ctx,
): string {
  const c = ctx.cOut;
  const unit = ir.movement.measure;
  const perStep = one.perStep;
  const lines: string[] = allowanceLines(
    r.allowance,
    r.exact.allowance,
    unit,
    input.roll ?? null,
    ctx,
  );

  const descs = input.path.map(describeStep);
  const width = Math.max(4, ...descs.map((s) => s.length));
  r.steps.forEach((s, i) => {
    const cost = s.cost === null ? c.red("NA") : `${s.display} ${unit}`;
    const rules = s.rules.length > 0 ? c.dim(s.rules.join(" + ")) : "";
    lines.push(
      `  ${String(i + 1).padStart(2)}. ${(descs[i] ?? "").padEnd(width)}  ${cost.padEnd(8)}  ${rules}`.trimEnd(),
    );
    // The values the ruleset gathers step by step: `      location-drm -2  [A4.6, A4.61 EX]`.
    for (const a of perStep[i] ?? [])
      lines.push(`      ${a.name} ${a.display}  ${c.dim(`[${a.rules.join(", ")}]`)}`);
  });

  // A dice move without a fixed roll: legal or not when every roll agrees, else its chance.
  const legal = caseLegal(one);
  const verdict = legal === null ? verdictText(one) : legal ? c.green("legal") : c.red("not legal");
  const allowanceText =
    typeof r.allowance === "number" ? ` of ${qty(r.exact.allowance, r.allowance)}` : "";
  lines.push(`  spent      ${qty(r.exact.spent, r.spent)}${allowanceText} ${unit}: ${verdict}`);
  if (r.vehicleSpent !== null) {
    lines.push(
      `  vehicle    ${qty(r.exact.vehicleSpent, r.vehicleSpent)} ${ir.movement.vehicleMeasure ?? ""}`.trimEnd(),
    );
  }
  // Distances: where a move that falls short stops, and (no fixed roll) how likely it is to pass each obstacle.
  if (r.halt !== undefined)
    lines.push(`  halts      after ${fmt(r.halt.at)} ${unit}  ${c.dim(`[${r.halt.rule}]`)}`);
  for (const x of r.crossings ?? [])
    lines.push(`  passes     step ${x.step} with probability ${pct(x.probability)}`);
  for (const v of one.chance?.violations ?? r.violations) {
    lines.push(
      `  ${c.red("violation")}  [${v.rule}] ${v.message}${v.step !== undefined ? ` (step ${v.step})` : ""}`,
    );
  }
  if (r.notApplicable.length > 0)
    lines.push(`  ${c.dim("not applicable: " + r.notApplicable.join(", "))}`);
  return lines.join("\n") + "\n";
}

/** The predicates' answers, one per line: `  assault-movement        yes  [A4.61, A4.11]`. */
function renderPredicates(answers: readonly PredicateAnswer[], ctx: Ctx): string {
  if (answers.length === 0) return "";
  const c = ctx.cOut;
  const w = Math.max(...answers.map((a) => a.name.length));
  const lines = [`  ${c.dim("predicates")}`];
  for (const a of answers) {
    const v = a.value === null ? c.dim("by the dice") : a.value ? c.green("yes") : c.red("no ");
    lines.push(`    ${a.name.padEnd(w)}  ${v}  ${c.dim(`[${a.rules.join(", ")}]`)}`);
  }
  return lines.join("\n") + "\n";
}
