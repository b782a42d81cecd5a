/**
 * `variorum reach ID[,ID…] MAP.json --from HEX [--unit JSON] [--phase movement|advance]
 * [--format text|json|svg|html] [-o FILE]`: every hex where the unit may end its move, per ruleset,
 * side by side (DESIGN.md, "Maps and reachability"). Exit 0 when answered, 1 for a bad map, start hex
 * or unit (located diagnostics), 2 for a usage mistake.
 */

import { readFileSync } from "node:fs";
import { extname, resolve } from "node:path";
import { withoutBom } from "../diagnostics.js";
import { parseMap } from "../map/parse.js";
import { mapVocabulary } from "../map/vocabulary.js";
import { buildReach, type ReachBuilt } from "../reach/build.js";
import { drawingTooLarge, REACH_RENDERERS, type ReachFormat } from "../reach/formats.js";
import { parseScenario } from "../scenario/index.js";
import { indexOf, buildGraph } from "../../runtime/map.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { displayPath, printDiagnostics } from "./render.js";
import { writeIfChanged } from "./write.js";

export interface ReachCliOptions {
  from?: string;
  unit?: string;
  phase?: string;
  format?: string;
  output?: string;
}

const FORMATS = Object.keys(REACH_RENDERERS) as ReachFormat[];
const BY_EXTENSION: Record<string, string> = {
  ".json": "json",
  ".svg": "svg",
  ".html": "html",
  ".htm": "html",
  ".txt": "text",
};

function formatOf(opts: ReachCliOptions): ReachFormat {
  if (opts.format !== undefined) {
    if (!(FORMATS as string[]).includes(opts.format))
      throw new UsageError(`unknown format \`${opts.format}\`; use one of: ${FORMATS.join(", ")}`);
    return opts.format as ReachFormat;
  }
  const byExt =
    opts.output === undefined ? undefined : BY_EXTENSION[extname(opts.output).toLowerCase()];
  return byExt !== undefined && (FORMATS as string[]).includes(byExt)
    ? (byExt as ReachFormat)
    : "text";
}

/** Runs the command up to the built report (exported for tests and `diff --map`); null after printed errors. */
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
  const phase = opts.phase ?? "movement";
  if (phase !== "movement" && phase !== "advance")
    throw new UsageError(`unknown phase \`${phase}\`; use movement or advance`);
  const host = fsHost(ctx.root);
  const refs = refsFor(ids, host, ctx);
  const file = resolve(ctx.cwd, mapFile);
  let text: string;
  try {
    text = withoutBom(readFileSync(file, "utf8"));
  } catch {
    throw new UsageError(`cannot read map file ${mapFile}`);
  }
  const { loaded, errors } = loadRulesets(refs, ctx, host, { warnings: false });
  if (errors > 0) return null;
  const irs = loaded.map((l) => l.ir!);

  const parsed = parseMap(text, file, mapVocabulary(irs));
  if (
    printDiagnostics(parsed.diagnostics, new Map([[file, text]]), ctx, file).errors > 0 ||
    parsed.map === null
  )
    return null;
  const map = parsed.map;
  // A drawing is bounded (docs/cli.md, limits): refused before the search, located at the map.
  const tooLarge = drawingTooLarge(map, ids.length, formatOf(opts), file, text);
  if (tooLarge !== null) {
    printDiagnostics([tooLarge], new Map([[file, text]]), ctx, file);
    return null;
  }
  if (indexOf(buildGraph(map), opts.from) < 0) {
    ctx.err(
      `${displayPath(file, ctx.cwd)}: ${ctx.cErr.red("error")}: --from ${JSON.stringify(opts.from)} is not a hex of ${map.name} (columns A–${buildGraph(map).names[(map.columns - 1) * map.rows]!.replace(/\d+$/, "")}, rows 1–${map.rows})\n`,
    );
    return null;
  }

  // The unit is checked as a scenario's would be: `--unit` is the scenario's `unit` record.
  let unit: unknown = { kind: "squad" };
  if (opts.unit !== undefined) {
    try {
      unit = JSON.parse(opts.unit);
    } catch (e) {
      ctx.err(
        `--unit: ${ctx.cErr.red("error")}: not valid JSON (${(e as Error).message}); e.g. --unit '{"kind":"squad","portage":2}'\n`,
      );
      return null;
    }
  }
  const scenarioText = JSON.stringify({ name: "reach", phase, unit, path: [] }, null, 1);
  const scenario = parseScenario(scenarioText, "--unit", irs);
  if (
    printDiagnostics(scenario.diagnostics, new Map([["--unit", scenarioText]]), ctx, "--unit")
      .errors > 0
  )
    return null;

  return buildReach({
    map,
    from: opts.from,
    phase,
    unit: unit as Record<string, unknown>,
    rulesets: scenario.perRuleset.map((p, i) => ({
      ir: irs[i]!,
      base: p.value,
      notApplicable: p.notApplicable,
    })),
  });
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
