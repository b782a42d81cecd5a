/**
 * The runtime's public surface: the only module generated code imports
 * (`import { … } from "../runtime/index.js"`). Dependency-free, no Node APIs.
 */

export type * from './types.js';
export { Rat, NA_RAT, ratNum } from './rational.js';
export { tickNum, toTicks, ticksToExact, exactToTicks } from './ticks.js';
export { formatQuantity, formatCost } from './format.js';
export { forEachRoll, summarize } from './dice.js';
export { evaluateMove, pricePath } from './move.js';
export { missing, missingMessage, MissingInput } from './missing.js';
export type { EvaluateOptions } from './move.js';
