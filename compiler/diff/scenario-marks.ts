/**
 * How a scenario row of the verdict table reads: the verdicts differ (`≠`), agree (`=`), only some
 * rulesets can run the scenario ("only sl-classic answers" — never `=`, since the others say
 * nothing), or none can. Shared by every format and by `--only-differences`.
 */

import type { ScenarioRow } from "./scenarios.js";

export type ScenarioMarkKind = "differs" | "same" | "one-sided" | "none";

export interface ScenarioMark {
  kind: ScenarioMarkKind;
  /** The sign: `≠`, `=`, `◐` (one-sided), `∅` (no ruleset answers). */
  sign: string;
  /** Words: "verdicts differ", "same verdict", "only sl-classic answers", "no ruleset answers". */
  words: string;
}

export function scenarioMark(sc: ScenarioRow): ScenarioMark {
  const ids = Object.keys(sc.results);
  const answering = ids.filter((id) => sc.results[id]!.verdict !== "n/a");
  if (sc.differs) return { kind: "differs", sign: "≠", words: "verdicts differ" };
  if (answering.length === 0) return { kind: "none", sign: "∅", words: "no ruleset answers" };
  if (answering.length < ids.length)
    return {
      kind: "one-sided",
      sign: "◐",
      words: `only ${answering.join(", ")} ${answering.length === 1 ? "answers" : "answer"}`,
    };
  return { kind: "same", sign: "=", words: "same verdict" };
}

/**
 * The scenarios `--only-differences` keeps: those whose verdicts differ, and with `--include-partial`
 * also those only some rulesets answer.
 */
export function keepScenario(sc: ScenarioRow, includePartial: boolean): boolean {
  const k = scenarioMark(sc).kind;
  return k === "differs" || (includePartial && k === "one-sided");
}
