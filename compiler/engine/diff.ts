/**
 * The diff report of two or more rulesets on its own (the rows, their situations and causes), kept
 * in a report store: what `variorum diff` computes when no scenario suite and no map are asked for,
 * in a file of its own so that such a diff loads neither the scenario reader nor the reach map's
 * search and drawings (reports.ts `diffReport` adds those sections to it).
 */
import type { DiffOptions, DiffReport } from "../diff/report-model.js";
import { buildReport } from "../diff/report.js";
import type { RulesetIR } from "../ir/ir.js";
import { kept, type ReportStore } from "./kept.js";

/** The report of `irs`, read from `store` when it keeps one made under the same build, else built and kept. */
export function diffCore(
  irs: readonly RulesetIR[],
  options: DiffOptions,
  store: ReportStore | undefined,
): DiffReport {
  return kept(
    store,
    () => JSON.stringify({ rulesets: irs, options }),
    () => buildReport(irs, options),
  );
}
