/**
 * The runtime's public surface: the only module generated code imports
 * (`import { … } from "../runtime/index.js"`; in the package, `variorum/runtime`). Dependency-free,
 * no Node APIs.
 *
 * @packageDocumentation
 * @module variorum/runtime
 */

export type * from "./types.js";
export type * from "./explain.js";
export { Rat, NA_RAT, ratNum } from "./rational.js";
export { tickNum, toTicks, ticksToExact, exactToTicks } from "./ticks.js";
export { formatQuantity, formatCost } from "./format.js";
export { forEachRoll, summarize } from "./dice.js";
export { evaluateMove, pricePath } from "./move.js";
export { absent, missing, missingMessage, EvalError, InputError, MissingInput } from "./errors.js";
export type { InputCode } from "./errors.js";
export { checkInput } from "./input.js";
export type {
  CheckedInput,
  CheckedRecord,
  FieldDomain,
  InputDomains,
  InputShape,
  RecordDomain,
} from "./input.js";
export type { ReachBoarding } from "./reach-board.js";
export { answerInput, withAnswers } from "./answers.js";
export type { AllowanceOf } from "./answers.js";
export { holdsOpen, judgeOpen } from "./open.js";
export type { OpenJudgement } from "./open.js";
export type { GivenValue, NeedsRecord } from "./cases.js";
export { chanceOfMove, legalByChance, withChance } from "./chance.js";
export type { Chance } from "./chance.js";
export type {
  Answer,
  AnsweredStep,
  DependentAnswer,
  Evaluation,
  ModuleAnswering,
  NeedsAnswer,
  Question,
} from "./answers.js";
export type { EvaluateOptions } from "./move.js";
export {
  buildGraph,
  indexOf,
  hexName,
  columnName,
  parseHexName,
  stepOf,
  neighbourOf,
  directionBetween,
  DIRECTIONS,
  MAX_COLUMNS,
  MAX_ROWS,
} from "./map.js";
export type { MapJson, MapGraph, MapStep, MapUnit, PlacedUnit } from "./map.js";
export { checkMap, MAX_MAP_ISSUES } from "./map-check.js";
export type { MapCheck, MapIssue } from "./map-check.js";
export { searchReach, labelPath } from "./reach.js";
export type { ReachProfile, ReachGraph, ReachSearch } from "./reach.js";
export { reachOnMap } from "./reach-map.js";
export { evaluateWith, reachArgs, reachWith } from "./rules-module.js";
export type { EvaluateArgs, ModuleRules, PreparedInput, ReachArgs } from "./rules-module.js";
export type { ReachAnswer } from "./reach-map.js";
export { pathSteps } from "./reach-steps.js";
export type { ReachBinding, PlainStep } from "./reach-steps.js";
export { forEachSortedRoll } from "./rolls.js";
