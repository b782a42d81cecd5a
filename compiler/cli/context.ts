/** What every command receives: where it runs, where output goes, and whether to use colour. */

import { createColors } from "picocolors";
import type { BuiltFronts } from "../engine/host.js";
import type { ReportStore } from "../engine/reports.js";
import { projectRoot } from "./project.js";

type Colors = ReturnType<typeof createColors>;

export interface Ctx {
  /** The directory paths are resolved against and printed relative to. */
  cwd: string;
  /** The Variorum package root (rulesets/, generated/). */
  root: string;
  /** Writes to standard output / standard error (text is written as is: end lines with "\n"). */
  out(text: string): void;
  err(text: string): void;
  /** Colour functions for each stream (no-ops when that stream is not a colour terminal). */
  cOut: Colors;
  cErr: Colors;
  colorErr: boolean;
  /**
   * Front-end results of the package's rulesets kept by the caller, used instead of the bundle's
   * (dist/front-cache): the test suite's in-process runs keep them in memory (test/cli/kept.ts).
   */
  built?: BuiltFronts;
  /**
   * Stores of diff reports and card models kept by the caller, used instead of the report cache
   * (compiler/node/report-store.ts): the test suite's in-process runs keep them in memory
   * (test/cli/kept.ts).
   */
  stores?: { diff?: ReportStore; card?: ReportStore };
}

/** Colour only on a terminal, and never when NO_COLOR is set to a non-empty value (no-color.org). */
export function wantsColor(
  stream: { isTTY?: boolean },
  env: NodeJS.ProcessEnv = process.env,
): boolean {
  if (env.NO_COLOR !== undefined && env.NO_COLOR !== "") return false;
  return stream.isTTY === true;
}

export function processCtx(): Ctx {
  const colorOut = wantsColor(process.stdout);
  const colorErr = wantsColor(process.stderr);
  return {
    cwd: process.cwd(),
    root: projectRoot(),
    out: (t) => void process.stdout.write(t),
    err: (t) => void process.stderr.write(t),
    cOut: createColors(colorOut),
    cErr: createColors(colorErr),
    colorErr,
  };
}
