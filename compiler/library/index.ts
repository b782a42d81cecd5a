/**
 * The library: what `import … from "variorum"` gives, in a browser as under Node — nothing here
 * imports a Node API (file access is the `Host` a caller passes; Node's own parts are
 * `variorum/node`: `bundledHost`, `compile`). It holds:
 *
 * - the front end over text: {@link parse}, {@link check} (Node adds `compile`);
 * - the engine's requests and results (compiler/engine/: rulesets in, `{ value, diagnostics }` out,
 *   never a throw for anything a user wrote): {@link loadRuleset}, {@link evaluateScenario},
 *   {@link reachOn}, {@link diffReport}, {@link card}, {@link runExamples}, inputs given as values
 *   (a scenario object, a map object) or as a file's text;
 * - the one `Host` shape and {@link memoryHost}; the runtime's errors; every type these name.
 *
 * The rules modules are `variorum/rules/<id>` (each bundled ruleset compiled to JavaScript with its
 * types) and the runtime they import `variorum/runtime`: both come from the light package
 * `variorum-rules`, which a game aid installs alone.
 *
 * @example
 * ```ts
 * import { check, evaluateScenario } from "variorum";
 * const sl = check(slText, { path: "sl-classic.rules" });
 * const r = evaluateScenario({ rulesets: [sl.ir!], scenario: { unit: { kind: "squad" }, path: [{ terrain: "woods" }] } });
 * ```
 *
 * @packageDocumentation
 * @module variorum
 */

// The front end over text.
export { parse, check, type ParseOptions, type CheckOptions } from "./front.js";
export type { ParseOutput } from "../../grammar/index.js";
export type { RulesFile } from "../../grammar/ast.js";
/** The syntax tree's node types (`parse`'s `ast`, the front end's merged declarations). */
export type * as Ast from "../../grammar/ast.js";

// The engine.
export type { Outcome } from "../engine/outcome.js";
export {
  compileText,
  frontEnd,
  loadRuleset,
  loadRulesets,
  type FrontEnd,
  type Loaded,
} from "../engine/front.js";
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
} from "../engine/host.js";
export {
  runSuite,
  type Evaluation,
  type ScenarioOutcome,
  type CaseAnswer,
  type ScenarioAnswer,
  type ScenarioReply,
  type ScenarioRequest,
} from "../engine/evaluate.js";
export {
  evaluateScenario,
  reachOn,
  type ReachValueRequest,
  type ScenarioJson,
  type ScenarioValueRequest,
} from "./values.js";
export {
  DEFAULT_UNIT,
  reachUnitsOn,
  type ReachRequest,
  type Typed,
  type UnitsBuilt,
  type UnitsReachRequest,
} from "../engine/reach.js";
export { listRulesets, type ListedRuleset, type ListRequest } from "../engine/list.js";
export { card, diffReport, type DiffRequest, type ReportStore } from "../engine/reports.js";
export type { ReachBuilt } from "../reach/build.js";
export { exampleDiagnostic, runExamples, type ExampleResult } from "../engine/examples.js";
export { interpretScenario } from "../interpret/interpreter.js";

// The types the engine's signatures name.
export type {
  Diagnostic,
  DiagnosticData,
  RepairData,
  ScenarioData,
  Severity,
  Span,
} from "../../diagnostics/index.js";
export type * from "../ir/ir.js";
export type { Merged, Owned } from "../front/resolve.js";
export type { PredicateAnswer } from "../interpret/predicates.js";
export type { StepAnswer } from "../interpret/step-answers.js";
export type {
  DefKind,
  DiffOptions,
  DiffReport,
  Cell as DiffCell,
  CellLine,
  CellValue,
  ReachSection,
  Row,
  RulesetInfo,
  SectionGroup,
  Stats,
  Status,
  Summary,
  SummaryChange,
  SummaryConcepts,
} from "../diff/report-model.js";
export type { ScenarioFile, ScenarioRow, ScenarioSuite, Verdict } from "../diff/scenarios.js";
export type { OneSided, Situation } from "../diff/situations.js";
export type { SituationInputs } from "../diff/describe.js";
export type { Answer as SituationAnswer } from "../diff/situation-answers.js";
export type { BuildOptions as CardOptions } from "../cards/build.js";
export type {
  Bar,
  Card,
  CardRow,
  CardSection,
  CardTable,
  Cell as CardCell,
  Change,
  DiceCell,
  DiceChart,
} from "../cards/card-model.js";
export type {
  ReachBoarding as ReachBoardingReport,
  ReachBypass,
  ReachDifference,
  ReachHex,
  ReachHexCase,
  ReachReport,
  ReachRulesetCase,
  ReachRulesetResult,
} from "../reach/report.js";
export type { ReachSummary, ReachSummaryBand, ReachSummaryResult } from "../reach/summary.js";
export type { UnitsHex, UnitsReport, UnitsRulesetResult, UnitsUnit } from "../reach/units.js";

// The runtime's types and errors the engine's answers carry.
export type {
  MoveResult,
  StepResult,
  Violation,
  DistributionSummary,
  Halt,
} from "../../runtime/types.js";
export type { PartialAnswer, GivenValue, NeedsRecord } from "../../runtime/cases.js";
export type { MapJson, MapGraph, PlacedUnit } from "../../runtime/map.js";
export { EvalError, InputError, MissingInput, type InputCode } from "../../runtime/errors.js";
