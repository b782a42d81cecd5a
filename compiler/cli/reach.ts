/**
 * `variorum reach ID[,ID…] MAP.json --from HEX [--unit JSON] [--phase movement|advance]
 * [--format text|json|svg|html] [-o FILE]`: every hex where the unit may end its move, per ruleset,
 * side by side (docs/maps.md). Exit 0 when answered, 1 for a bad map, start hex
 * or unit (located diagnostics), 2 for a usage mistake.
 */

import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import type { Diagnostic } from "../../diagnostics/index.js";
import { reachOn, type ReachBuilt, type ReachRequest } from "../engine/index.js";
import { REACH_RENDERERS, type ReachFormat } from "../reach/formats.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost } from "./host.js";
import { outputFormat } from "./output-format.js";
import { loadRulesets, refsFor } from "./load.js";
import { printDiagnostics } from "./render.js";
import { displayPath } from "../node/paths.js";
import { writeIfChanged } from "../node/write.js";

export interface ReachCliOptions {
  from?: string;
  unit?: string;
  phase?: string;
  format?: string;
  output?: string;
}

const FORMATS = Object.keys(REACH_RENDERERS) as ReachFormat[];
function formatOf(opts: ReachCliOptions): ReachFormat {
  return outputFormat(opts.format, opts.output, FORMATS, "text");
}

function phaseOf(opts: ReachCliOptions): "movement" | "advance" {
  const phase = opts.phase ?? "movement";
  if (phase !== "movement" && phase !== "advance")
    throw new UsageError(`unknown phase \`${phase}\`; use movement or advance`);
  return phase;
}

/**
 * The engine's reach request for the command's map file and options (the start as `--from`, the unit
 * as `--unit`): a usage error for a bad phase or a map file that cannot be read.
 */
export function reachRequest(
  mapFile: string,
  opts: ReachCliOptions & { from: string },
  ctx: Ctx,
): Omit<ReachRequest, "rulesets"> {
  const phase = phaseOf(opts);
  const file = resolve(ctx.cwd, mapFile);
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    throw new UsageError(`cannot read map file ${mapFile}`);
  }
  return {
    map: { text, file },
    from: { text: opts.from, file: "--from" },
    unit: opts.unit === undefined ? null : { text: opts.unit, file: "--unit" },
    phase,
  };
}

/** Prints the diagnostics of a reach request, each with its code frame (the map, `--from`, `--unit`). */
export function printReachDiagnostics(
  ds: readonly Diagnostic[],
  req: Omit<ReachRequest, "rulesets">,
  ctx: Ctx,
): void {
  const sources = new Map([
    [req.map.file, req.map.text],
    [req.from.file, req.from.text],
  ]);
  if (req.unit !== null) sources.set(req.unit.file, req.unit.text);
  printDiagnostics(ds, sources, ctx, req.map.file);
}

/** Runs the command up to the built report (exported for tests); null after printed errors. */
export function reachFor(
  rulesets: string,
  mapFile: string,
  opts: ReachCliOptions,
  ctx: Ctx,
): ReachBuilt | null {
  const ids = rulesets
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s !== "");
  if (ids.length === 0)
    throw new UsageError(
      "name at least one ruleset, e.g. `variorum reach sl-classic maps/crossroads.json --from B3`",
    );
  if (opts.from === undefined)
    throw new UsageError("say where the unit starts: --from HEX (e.g. --from B3)");
  phaseOf(opts);
  const host = fsHost(ctx.root);
  const refs = refsFor(ids, host, ctx);
  const format = formatOf(opts);
  const req = {
    ...reachRequest(mapFile, { ...opts, from: opts.from }, ctx),
    drawing: format === "svg" || format === "html",
  };
  const { loaded, errors } = loadRulesets(refs, ctx, host, { warnings: false });
  if (errors > 0) return null;
  const { value, diagnostics } = reachOn({ ...req, rulesets: loaded.map((l) => l.ir!) });
  printReachDiagnostics(diagnostics, req, ctx);
  return value;
}

export function reach(rulesets: string, mapFile: string, opts: ReachCliOptions, ctx: Ctx): number {
  const format = formatOf(opts);
  const built = reachFor(rulesets, mapFile, opts, ctx);
  if (built === null) return 1;
  const render = REACH_RENDERERS[format];
  if (opts.output !== undefined) {
    const file = resolve(ctx.cwd, opts.output);
    const wrote = writeIfChanged(file, render(built.graph, built.report, null));
    const counts = built.report.results
      .map((r) => `${r.ruleset} ${Object.keys(r.hexes).length}`)
      .join(", ");
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: hexes reachable ${counts}; ${built.report.differences.length} differ\n`,
    );
    return 0;
  }
  ctx.out(render(built.graph, built.report, format === "text" ? ctx.cOut : null));
  return 0;
}
