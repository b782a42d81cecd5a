/**
 * The diff report of two or more rulesets (with the scenario suite and the reach section when asked)
 * and a ruleset's reference card and coverage (card.ts, coverage.ts, re-exported): models only; the
 * caller renders them in the format it wants.
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import type { DiffOptions, DiffReport } from "../diff/report-model.js";
import type { ScenarioFile } from "../diff/scenarios.js";
import { keepScenario } from "../diff/scenario-marks.js";
import { runSuite } from "./evaluate.js";
import type { RulesetIR } from "../ir/ir.js";
import { costText } from "../render/numbers.js";
import type { Outcome } from "./outcome.js";
import { buildReach } from "../reach/build.js";
import { MAX_DRAWN_HEXES } from "../reach/formats.js";
import { hexesReached } from "../reach/report.js";
import { whenText } from "../reach/labels.js";
import { reachDrawing, renderReachSvg, svgDataUri } from "../reach/svg.js";
import { reachInputs, searched, type ReachRequest } from "./reach.js";
import type { ReportStore } from "./kept.js";
import { diffCore } from "./diff.js";

export { kept, type ReportStore } from "./kept.js";
export { card } from "./card.js";
export { coverage } from "./coverage.js";

export interface DiffRequest {
  rulesets: readonly RulesetIR[];
  options?: DiffOptions;
  /** Where a report computed before may be found, and this one kept. None by default. */
  store?: ReportStore;
  /** Scenario files to evaluate under every ruleset (the report's scenario section). */
  scenarios?: readonly ScenarioFile[] | null;
  /** A map, start and unit: the report's "reach on the map" section. */
  reach?: Omit<ReachRequest, "rulesets"> | null;
}

export function diffReport(req: DiffRequest): Outcome<DiffReport> {
  const irs = req.rulesets;
  // The reach section's map, start and unit are resolved first: a mistake in them is reported
  // before the costly situation search of the report.
  const reach = req.reach ? reachInputs({ ...req.reach, rulesets: irs }) : null;
  const diagnostics: Diagnostic[] = [...(reach?.diagnostics ?? [])];
  if (reach && reach.value === null) return { value: null, diagnostics };
  const options = req.options ?? {};
  const report = diffCore(irs, options, req.store);
  if (req.scenarios) {
    const suite = runSuite(irs, req.scenarios);
    // `--only-differences` keeps the scenarios whose verdicts differ (and one-sided ones with --include-partial).
    report.scenarios = report.onlyDifferences
      ? {
          ...suite,
          scenarios: suite.scenarios.filter((sc) => keepScenario(sc, report.includePartial)),
        }
      : suite;
  }
  if (reach?.value) {
    const value = reach.value;
    const built = searched(req.reach!, () => buildReach(value));
    if ("fault" in built) return { value: null, diagnostics: [...diagnostics, built.fault] };
    const r = built.report;
    const drawn = built.graph.columns * built.graph.rows * r.results.length <= MAX_DRAWN_HEXES;
    const exact = (id: string, hex: string) =>
      r.results.find((x) => x.ruleset === id)?.hexes[hex]?.exact;
    report.reach = {
      map: r.map,
      from: r.from,
      ...(r.aboard === true ? { aboard: true as const } : {}),
      phase: r.phase,
      unit: r.unit,
      counts: r.results.map((x) => ({
        ruleset: x.ruleset,
        hexes: hexesReached(x, r.from),
        measure: x.measure,
        // A unit with fields given as unknown whose allowance turns on them: each case's.
        allowance:
          x.allowance === null && x.cases !== undefined
            ? x.cases.map((c) => `${allowanceOf(c.allowance)} (${whenText(c.given)})`).join(" or ")
            : allowanceOf(x.allowance),
      })),
      differences: r.differences.map((d) => ({
        ...d,
        costText: Object.fromEntries(
          Object.entries(d.cost).map(([id, c]) => [
            id,
            c === null
              ? null
              : // `?`: the cheapest of the costs that turn on a field given as unknown.
                `${costText({ cost: c, exact: exact(id, d.hex) })}${d.dependsOn?.[id] !== undefined ? "?" : ""}`,
          ]),
        ),
      })),
      picture: drawn ? svgDataUri(renderReachSvg(built.graph, r)) : null,
      pictureAlt: reachDrawing(built.graph, r).desc,
    };
  }
  return { value: report, diagnostics };
}

/** An allowance as the diff's reach section prints it: `4`, `2–12`, or `none`. */
function allowanceOf(a: number | { min: number; max: number } | null): string {
  return a === null
    ? "none"
    : typeof a === "number"
      ? costText({ cost: a })
      : `${costText({ cost: a.min })}–${costText({ cost: a.max })}`;
}
