/**
 * The scenario suite of a diff report: every scenario file under every ruleset, as a verdict table
 * (its model, and the verdict of one ruleset's answer). The suite is run by the engine
 * (engine/evaluate.ts `runSuite`), with the scenario evaluation `eval` uses, so both give the same
 * answers and the same errors.
 */

import { decimalText as fmt, quantityText as qty } from "../render/numbers.js";
import type { MoveResult } from "../../runtime/types.js";
import type { RulesetIR } from "../ir/ir.js";

export interface ScenarioFile {
  /** The path shown in the report (relative, with forward slashes). */
  file: string;
  text: string;
}

export type Verdict =
  | {
      verdict: "legal" | "not legal";
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
      /** Short: "unknown kind `half-squad`; unknown terrain `open-ground` (×4)". */
      reason: string;
      /** The full messages of the scenario's diagnostics for this ruleset. */
      diagnostics: string[];
    };

export interface ScenarioRow {
  file: string;
  name: string;
  /** Verdicts differ between the rulesets that can run it. */
  differs: boolean;
  results: Record<string, Verdict>;
}

export interface ScenarioSuite {
  scenarios: ScenarioRow[];
}

export function verdictOf(ir: RulesetIR, r: MoveResult): Verdict {
  const m = ir.movement.measure;
  let of: string;
  if (typeof r.allowance === "number")
    of = `${qty(r.exact.spent, r.spent)} of ${Number.isNaN(r.allowance) ? "NA" : qty(r.exact.allowance, r.allowance)} ${m}`;
  else
    of = `${qty(r.exact.spent, r.spent)} of ${fmt(r.allowance.min)}–${fmt(r.allowance.max)} ${m}`;
  if (r.vehicleSpent !== null)
    of +=
      `, vehicle ${qty(r.exact.vehicleSpent, r.vehicleSpent)} ${ir.movement.vehicleMeasure ?? ""}`.trimEnd();
  const why =
    r.violations.length > 0 ? ` [${[...new Set(r.violations.map((v) => v.rule))].join(", ")}]` : "";
  return {
    verdict: r.legal ? "legal" : "not legal",
    display: `${r.legal ? "legal" : "not legal"}: ${of}${r.legal ? "" : why}`,
    allowance: r.allowance,
    spent: r.spent,
    violations: r.violations,
    notApplicable: r.notApplicable,
  };
}

/** A ruleset's cell for a scenario it cannot run, from its diagnostics' messages. */
export function naVerdict(messages: readonly string[]): Verdict {
  const reason = messages.length > 0 ? shortReason(messages) : "the scenario cannot be read";
  return { verdict: "n/a", display: `n/a: ${reason}`, reason, diagnostics: [...messages] };
}

/** A scenario's row: it differs when the rulesets that can run it give different verdicts. */
export function suiteRow(
  file: string,
  name: string,
  results: Record<string, Verdict>,
): ScenarioRow {
  const ran = Object.values(results)
    .filter((v) => v.verdict !== "n/a")
    .map((v) => v.verdict);
  return { file, name, differs: new Set(ran).size > 1, results };
}

/** Scenario diagnostics in a few words: "unknown kind `hero`; unknown terrain `building` (×2)". */
export function shortReason(messages: readonly string[]): string {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const u = /^unknown (.+?) `([^`]*)` in `[^`]*` for ruleset \S+; valid: /.exec(m);
    const short = u ? `unknown ${u[1]} \`${u[2]}\`` : m.replace(/ for ruleset \S+/, "");
    counts.set(short, (counts.get(short) ?? 0) + 1);
  }
  return [...counts].map(([m, n]) => (n > 1 ? `${m} (×${n})` : m)).join("; ");
}
