/**
 * `variorum reach ID[,ID…] MAP.json --from HEX [--unit JSON] [--phase movement|advance]
 * [--format text|json|svg|html] [-o FILE]`: every hex where the unit may end its move, per ruleset,
 * side by side (docs/maps.md). Exit 0 when answered, 1 for a bad map, start hex
 * or unit (located diagnostics), 2 for a usage mistake.
 */

import { hexesReached } from "../reach/report.js";
import { resolve } from "node:path";
import type { Diagnostic } from "../../diagnostics/index.js";
import {
  DEFAULT_UNIT,
  reachOn,
  reachUnitsOn,
  type ReachRequest,
  type Typed,
} from "../engine/reach.js";
import type { ReachBuilt } from "../reach/build.js";
import { REACH_RENDERERS, type ReachFormat } from "../reach/formats.js";
import { renderSummaryJson, renderSummaryText } from "../reach/summary.js";
import { UNITS_RENDERERS } from "../reach/units-formats.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { outputFormat } from "./output-format.js";
import { loadInput, namedRulesets, unitsByRuleset, unitsOf } from "./input.js";
import { printDiagnostics } from "./render.js";
import { displayPath } from "../node/paths.js";
import { writeIfChanged } from "../node/write.js";

export interface ReachCliOptions {
  from?: string;
  /** `--unit JSON` (the default unit) and `--unit ID=JSON` (ruleset ID's own), in the order given. */
  unit?: string | string[];
  /** `--all`: every unit the map places, with stacking per hex (docs/maps.md, "Several units"). */
  all?: boolean;
  /** With `--all`: whose units move, `friendly` (default) or `enemy`. */
  side?: string;
  phase?: string;
  format?: string;
  output?: string;
  /** Counts, cost bands and the furthest hexes instead of every hex (text or json). */
  summary?: boolean;
  /** The unit starts aboard the map's vehicle in the `--from` hex (SQLA 31.5, Tide of Iron). */
  aboard?: boolean;
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
 * The engine's reach request for the command's options, all but the map: the start as `--from`, the
 * unit as `--unit`; a usage error for a bad phase or `--unit`.
 */
export function reachRequest(
  opts: ReachCliOptions & { from: string },
): Omit<ReachRequest, "rulesets" | "map"> {
  const phase = phaseOf(opts);
  const { unit, units } = unitsOf(opts.unit);
  return {
    from: { text: opts.from, file: "--from" },
    unit: unit ?? { text: JSON.stringify(DEFAULT_UNIT), file: "--unit" },
    ...(Object.keys(units).length > 0 ? { units } : {}),
    phase,
    ...(opts.aboard === true ? { aboard: true } : {}),
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
  for (const u of Object.values(req.units ?? {})) sources.set(u.file, u.text);
  printDiagnostics(ds, sources, ctx, req.map.file);
}

/**
 * Runs the command up to the built report (exported for tests); null after printed errors. `format`
 * is the command's (`formatOf(opts)`, read once by the caller).
 */
export async function reachFor(
  rulesets: string,
  mapFile: string,
  opts: ReachCliOptions,
  ctx: Ctx,
  format: ReachFormat = formatOf(opts),
): Promise<ReachBuilt | null> {
  const ids = namedRulesets(rulesets, "variorum reach sl-classic maps/crossroads.json --from B3");
  if (opts.from === undefined)
    throw new UsageError("say where the unit starts: --from HEX (e.g. --from B3)");
  // The options are checked before any file is read: a bad phase or `--unit`, a summary drawn.
  const asked = reachRequest({ ...opts, from: opts.from });
  const drawing = format === "svg" || format === "html";
  if (opts.summary === true && drawing)
    throw new UsageError("--summary answers in text or json, not as a drawing");
  const input = await loadInput(ids, mapFile, "map", ctx);
  if (input === null) return null;
  const req = {
    map: input.input,
    ...asked,
    drawing,
    summary: opts.summary === true,
  };
  // `--unit ID=…` names a ruleset asked, by its id or as it was named on the command line.
  if (req.units !== undefined) req.units = Object.fromEntries(unitsByRuleset(req.units, input));
  const { value, diagnostics } = reachOn({ ...req, rulesets: input.irs });
  printReachDiagnostics(diagnostics, req, ctx);
  return value;
}

export async function reach(
  rulesets: string,
  mapFile: string,
  opts: ReachCliOptions,
  ctx: Ctx,
): Promise<number> {
  if (opts.all === true || opts.side !== undefined) return reachAll(rulesets, mapFile, opts, ctx);
  const format = formatOf(opts);
  const built = await reachFor(rulesets, mapFile, opts, ctx, format);
  if (built === null) return 1;
  const summary = built.summary;
  const render =
    summary === undefined
      ? REACH_RENDERERS[format]
      : () => (format === "json" ? renderSummaryJson(summary) : renderSummaryText(summary));
  if (opts.output !== undefined) {
    const file = resolve(ctx.cwd, opts.output);
    const wrote = writeIfChanged(file, render(built.graph, built.report, null));
    const counts = (
      summary?.summary.map((r) => `${r.ruleset} ${r.reached}`) ??
      built.report.results.map((r) => `${r.ruleset} ${hexesReached(r, built.report.from)}`)
    ).join(", ");
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: hexes reachable ${counts}; ${built.report.differences.length} differ\n`,
    );
    return 0;
  }
  ctx.out(render(built.graph, built.report, format === "text" ? ctx.cOut : null));
  return 0;
}

/** Whether an option was given (commander leaves a repeatable one as `[]` and a flag absent). */
const given = (v: unknown): boolean =>
  v !== undefined && v !== false && !(Array.isArray(v) && v.length === 0);

/** The options `--all` takes, as its usage errors list them. */
const WITH_ALL = "--side, --phase, --format and -o";

/** The options of a single unit's search, each refused with `--all` and why. */
const NOT_WITH_ALL: readonly (readonly [keyof ReachCliOptions & string, string])[] = [
  ["from", "--all moves every unit from where the map places it"],
  ["unit", "--all moves the units the map places (its `units`)"],
  ["summary", "--summary answers for one unit"],
  ["aboard", "--aboard starts one unit aboard the vehicle in its --from hex"],
];

/**
 * `--all [--side friendly|enemy]`: every unit the map places on that side, each searched alone, with
 * per hex how many can end there and whether the stacking limit lets them all (docs/maps.md).
 */
async function reachAll(
  rulesets: string,
  mapFile: string,
  opts: ReachCliOptions,
  ctx: Ctx,
): Promise<number> {
  const ids = namedRulesets(rulesets, "variorum reach sl-classic maps/skirmish.json --all");
  for (const [option, why] of NOT_WITH_ALL)
    if (given(opts[option]))
      throw new UsageError(`${why}: leave out --${option} (--all takes ${WITH_ALL})`);
  const side = opts.side ?? "friendly";
  if (side !== "friendly" && side !== "enemy")
    throw new UsageError(`unknown side \`${side}\`; use friendly or enemy`);
  const phase = phaseOf(opts);
  const format = formatOf(opts);
  const input = await loadInput(ids, mapFile, "map", ctx);
  if (input === null) return 1;
  const { file, text } = input.input;
  const { value, diagnostics } = reachUnitsOn({
    rulesets: input.irs,
    map: input.input,
    phase,
    side,
    drawing: format === "svg" || format === "html",
  });
  printDiagnostics(diagnostics, new Map([[file, text]]), ctx, file);
  if (value === null) return 1;
  const render = UNITS_RENDERERS[format];
  if (opts.output !== undefined) {
    const out = resolve(ctx.cwd, opts.output);
    const wrote = writeIfChanged(out, render(value.graph, value.report, null));
    const counts = value.report.results
      .map(
        (r) => `${r.ruleset} ${Object.keys(r.hexes).length} (${r.overLimit.length} over the limit)`,
      )
      .join(", ");
    ctx.out(`${wrote ? "wrote" : "unchanged"} ${displayPath(out, ctx.cwd)}: hexes ${counts}\n`);
    return 0;
  }
  ctx.out(render(value.graph, value.report, format === "text" ? ctx.cOut : null));
  return 0;
}
