/**
 * The engine: the one place every surface (the CLI, the studio page, the language service, the bench,
 * the generated modules' checks) asks its questions. Requests in — ruleset references read through a
 * `Host`, a scenario's text, a map's text with a start hex and a unit, diff and card options — and
 * `{ value | null, diagnostics }` out, never a throw for anything a user wrote. No Node API here:
 * the engine runs in the browser too; callers read files and print.
 */
export type { Outcome } from "./outcome.js";
export {
  compileText,
  frontEnd,
  loadRuleset,
  loadRulesets,
  type FrontEnd,
  type Loaded,
} from "./front.js";
export {
  folderOf,
  inFolder,
  memoryHost,
  resolveRuleset,
  rulesetsIn,
  type FileStat,
  type FoundRuleset,
  type BuiltFronts,
  type Host,
  type RulesetFolder,
} from "./host.js";
export {
  evaluateScenario,
  runSuite,
  type Evaluation,
  type ScenarioOutcome,
  type CaseAnswer,
  type ScenarioAnswer,
  type ScenarioReply,
  type ScenarioRequest,
} from "./evaluate.js";
export {
  DEFAULT_UNIT,
  reachOn,
  reachUnitsOn,
  type ReachRequest,
  type Typed,
  type UnitsBuilt,
  type UnitsReachRequest,
} from "./reach.js";
export { listRulesets, type ListedRuleset, type ListRequest } from "./list.js";
export { card, coverage, diffReport, type DiffRequest, type ReportStore } from "./reports.js";
export type { ReachBuilt } from "../reach/build.js";
export { exampleDiagnostic, runExamples, type ExampleResult } from "./examples.js";
export { interpretScenario } from "../interpret/interpreter.js";
