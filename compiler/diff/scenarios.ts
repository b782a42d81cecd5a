/**
 * The scenario suite of a diff report: every scenario file under every ruleset, as a verdict table
 * (its model, and the verdict of one ruleset's answer). The suite is run by the engine
 * (engine/evaluate.ts `runSuite`), with the scenario evaluation `eval` uses, so both give the same
 * answers and the same errors.
 */

import { allowanceText, decimalText as fmt, quantityText as qty } from "../render/numbers.js";
import { caseLegal, dependsText, verdictText } from "../render/answers.js";
import { shortWord, type Diagnostic, type ScenarioData } from "../../diagnostics/index.js";
import type { MoveResult } from "../../runtime/types.js";
import type { RulesetIR } from "../ir/ir.js";
import type { CaseAnswer, ScenarioReply } from "../interpret/answers.js";

export interface ScenarioFile {
  /** The path shown in the report (relative, with forward slashes). */
  file: string;
  text: string;
}

export type Verdict =
  | {
      /**
       * "by the dice": legal on some rolls only; "depends": the answer depends on a field the scenario
       * leaves out (`display` says how); "needs": a number the scenario leaves out is needed.
       */
      verdict: "legal" | "not legal" | "by the dice" | "depends" | "needs";
      /** "legal: 4 of 6 MF", "not legal: 5 of 4 MF [5.2]". */
      display: string;
      allowance: MoveResult["allowance"];
      spent: number;
      violations: MoveResult["violations"];
      notApplicable: string[];
    }
  | {
      verdict: "n/a";
      display: string;
      /** Short: "a Chain of Command scenario — team, rough, inches"; or the scenario's mistake. */
      reason: string;
      /** The full messages of the scenario's diagnostics for this ruleset. */
      diagnostics: string[];
    };

export interface ScenarioRow {
  file: string;
  name: string;
  /** Verdicts differ between the rulesets that can run it. */
  differs: boolean;
  /** Fewer than two of the rulesets can run it: nothing to compare (neither same nor different). */
  oneSided: boolean;
  results: Record<string, Verdict>;
}

export interface ScenarioSuite {
  scenarios: ScenarioRow[];
}

/** A ruleset's reply to a scenario as one verdict: its one case, or what it depends on or needs. */
export function replyVerdict(
  ir: RulesetIR,
  reply: ScenarioReply,
  notApplicable: string[],
): Verdict {
  const only = reply.dependsOn.length === 0 ? reply.cases[0]! : null;
  const base = { spent: 0, violations: [], notApplicable };
  if (only === null)
    return { verdict: "depends", display: dependsText(reply), allowance: NaN, ...base };
  const same =
    reply.notNeeded.length > 0 ? ` (the same for every ${reply.notNeeded.join(", ")})` : "";
  if (only.result === null) {
    // A left-out number: "not legal at any distance [10.1.2]" where the text decides it whatever the
    // number, else what it turns on.
    const p = only.partial!;
    const a = p.allowance;
    const violations = p.violations ?? [];
    const why =
      p.legal !== true && violations.length > 0
        ? ` [${[...new Set(violations.map((v) => v.rule))].join(", ")}]`
        : "";
    return {
      verdict:
        p.legal === true
          ? "legal"
          : p.legal === false
            ? "not legal"
            : p.legal === null
              ? "by the dice"
              : "needs",
      display: `${verdictText(only, ir.movement.measure)}${why}: allowance ${allowanceText(a, ir.movement.measure)}${same}`,
      allowance: a,
      ...base,
      violations,
    };
  }
  const v = verdictOf(ir, only.result, only);
  return { ...v, display: v.display + same };
}

export function verdictOf(ir: RulesetIR, r: MoveResult, one: CaseAnswer | null = null): Verdict {
  const m = ir.movement.measure;
  let of: string;
  if (typeof r.allowance === "number")
    of = `${qty(r.exact.spent, r.spent)} of ${Number.isNaN(r.allowance) ? "NA" : qty(r.exact.allowance, r.allowance)} ${m}`;
  else
    of = `${qty(r.exact.spent, r.spent)} of ${fmt(r.allowance.min)}–${fmt(r.allowance.max)} ${m}`;
  if (r.vehicleSpent !== null)
    of +=
      `, vehicle ${qty(r.exact.vehicleSpent, r.vehicleSpent)} ${ir.movement.vehicleMeasure ?? ""}`.trimEnd();
  const violations = one?.chance?.violations ?? r.violations;
  const why =
    violations.length > 0 ? ` [${[...new Set(violations.map((v) => v.rule))].join(", ")}]` : "";
  const legal = one === null ? r.legal : caseLegal(one);
  const said = one === null || legal !== null ? (legal ? "legal" : "not legal") : verdictText(one);
  return {
    verdict: legal === null ? "by the dice" : legal ? "legal" : "not legal",
    display: `${said}: ${of}${legal === true ? "" : why}`,
    allowance: r.allowance,
    spent: r.spent,
    violations,
    notApplicable: r.notApplicable,
  };
}

/**
 * A ruleset's cell for a scenario it cannot run, from its error diagnostics: whose scenario it is
 * when other rulesets of the suite (`readers`) read it, and the names this one lacks.
 */
export function naVerdict(errors: readonly Diagnostic[], readers: readonly RulesetIR[]): Verdict {
  const reason = errors.length > 0 ? unreadable(errors, readers) : "the scenario cannot be read";
  return notAnswered(
    reason,
    errors.map((d) => d.message),
  );
}

/**
 * A scenario's row: it differs when the rulesets that can run it give different verdicts; it is
 * one-sided when fewer than two can.
 */
export function suiteRow(
  file: string,
  name: string,
  results: Record<string, Verdict>,
): ScenarioRow {
  const ran = Object.values(results)
    .filter((v) => v.verdict !== "n/a")
    .map((v) => (v.verdict === "legal" || v.verdict === "not legal" ? v.verdict : v.display));
  return { file, name, differs: new Set(ran).size > 1, oneSided: ran.length < 2, results };
}

function notAnswered(reason: string, diagnostics: string[]): Verdict {
  return { verdict: "n/a", display: `n/a: ${reason}`, reason, diagnostics };
}

/**
 * Why a ruleset cannot read a scenario, in one line: whose scenario it is (the first ruleset of the
 * suite that reads it, by its title's name) and the names this ruleset lacks — "a Chain of Command
 * scenario — team, rough, inches"; a mistake that is no unknown name keeps its short form. Built from
 * the diagnostics' `data` (what the scenario gives that the ruleset does not understand), never from
 * their messages.
 */
export function unreadable(errors: readonly Diagnostic[], readers: readonly RulesetIR[]): string {
  const names: string[] = [];
  for (const d of errors) {
    const data = scenarioData(d);
    if (data?.scenario !== "field" && data?.scenario !== "member") return shortReason(errors);
    const name = shortWord(data.name);
    if (!names.includes(name)) names.push(name);
  }
  const reader = readers[0];
  if (reader === undefined) return `none of its names here — ${names.join(", ")}`;
  const family = reader.title.replace(/:.*$/s, "");
  return `${/^[AEIOU]/i.test(family) ? "an" : "a"} ${family} scenario — ${names.join(", ")}`;
}

/**
 * Scenario diagnostics in a few words: "unknown kind `hero`; unknown terrain `building` (×2)"; a
 * diagnostic without a scenario's `data` shows its message.
 */
export function shortReason(errors: readonly Diagnostic[]): string {
  const counts = new Map<string, number>();
  for (const d of errors) {
    const data = scenarioData(d);
    const short =
      data?.scenario === "member"
        ? `unknown ${data.enum} \`${shortWord(data.name)}\``
        : data?.scenario === "type"
          ? `\`${shortWord(data.path)}\` must be ${data.expected}`
          : d.message;
    counts.set(short, (counts.get(short) ?? 0) + 1);
  }
  return [...counts].map(([m, n]) => (n > 1 ? `${m} (×${n})` : m)).join("; ");
}

function scenarioData(d: Diagnostic): ScenarioData | null {
  return d.data !== undefined && "scenario" in d.data ? d.data : null;
}
