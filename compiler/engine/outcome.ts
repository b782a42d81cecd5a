import type { Diagnostic } from "../../diagnostics/index.js";

/**
 * What every operation of the engine returns: its value, or null when something the user wrote
 * stops it, and every diagnostic found on the way (warnings may come with a value).
 */
export interface Outcome<T> {
  value: T | null;
  diagnostics: Diagnostic[];
}
