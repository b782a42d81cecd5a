/**
 * `variorum diff A B [C…] [--format text|md|html|json] [-o FILE] [--only-differences [--include-partial]]
 * [--scenarios DIR]`:
 * the side-by-side report of two or more rulesets. Exit 0 when written, 1 when a ruleset does not
 * check (its diagnostics are printed), 2 for a usage mistake.
 */

import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, sep } from "node:path";
// Not the diff's index: it re-exports html.ts, whose Handlebars the HTML format alone loads (`render`).
import { DIFF_FORMATS, DIFF_RENDERERS, type DiffFormat } from "../diff/formats.js";
import type { DiffReport } from "../diff/report-model.js";
import type { ScenarioFile } from "../diff/scenarios.js";
import type { DiffOptions } from "../diff/report-model.js";
import type { Ctx } from "./context.js";
import { UsageError } from "./errors.js";
import { outputFormat } from "./output-format.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { reportStore } from "../node/report-store.js";
import { displayPath } from "../node/paths.js";
import { writeIfChanged } from "../node/write.js";

export const FORMATS: readonly DiffFormat[] = DIFF_FORMATS;
export type Format = DiffFormat;

export interface DiffCliOptions {
  format?: string;
  output?: string;
  onlyDifferences?: boolean;
  /** With `--only-differences`: keep the partial rows (and one-sided scenarios) too. */
  includePartial?: boolean;
  scenarios?: string;
  /** `--map FILE --from HEX [--unit JSON] [--phase P] [--aboard]`: add the "reach on the map" section. */
  map?: string;
  from?: string;
  unit?: string;
  phase?: string;
  /** With `--map`: the unit starts aboard the map's vehicle in the `--from` hex (as `reach --aboard`). */
  aboard?: boolean;
}

function scenarioFiles(dir: string, ctx: Ctx): ScenarioFile[] {
  const abs = resolve(ctx.cwd, dir);
  let names: string[];
  try {
    if (!statSync(abs).isDirectory()) throw new Error("not a folder");
    names = readdirSync(abs)
      .filter((n) => n.toLowerCase().endsWith(".json"))
      .sort();
  } catch {
    throw new UsageError(`no such scenario folder: ${dir}`);
  }
  return names.map((n) => {
    const p = join(abs, n);
    const shown = relative(ctx.cwd, p);
    return {
      file: (shown.startsWith("..") ? p : shown).split(sep).join("/"),
      text: readFileSync(p, "utf8"),
    };
  });
}

/**
 * The report in `format`. The HTML renderer (html.ts, with Handlebars: ≈ 20 ms to load) is imported
 * only for `--format html`, so a text, Markdown or JSON diff never loads the template engine.
 */
export async function render(
  report: DiffReport,
  format: Format,
  ctx: Ctx,
  colour: boolean,
): Promise<string> {
  const page = format === "html" ? await import("../diff/html.js") : null;
  return DIFF_RENDERERS[format](report, {
    html: (r) =>
      page!.renderHtml(
        r,
        page!.templatesFrom((f) => readFileSync(join(ctx.root, "templates", "diff", f), "utf8")),
      ),
    ...(colour ? { paint: ctx.cOut } : {}),
  });
}

export async function diff(args: string[], opts: DiffCliOptions, ctx: Ctx): Promise<number> {
  const format = outputFormat(opts.format, opts.output, FORMATS, "text");
  if (opts.map !== undefined && opts.from === undefined)
    throw new UsageError("--map needs --from HEX: where the unit starts");
  if (opts.map === undefined && (opts.from !== undefined || opts.unit !== undefined))
    throw new UsageError("--from and --unit go with --map MAP.json");
  if (opts.map === undefined && opts.aboard === true)
    throw new UsageError("--aboard goes with --map MAP.json --from HEX");
  if (args.length < 2)
    throw new UsageError(
      "name at least two rulesets to compare, e.g. `variorum diff sl-classic asl-a4`",
    );
  const host = fsHost(ctx.root, ctx.built);
  const refs = refsFor(args, host, ctx);
  if (refs.length < 2) throw new UsageError("name at least two different rulesets to compare");
  const files = opts.scenarios !== undefined ? scenarioFiles(opts.scenarios, ctx) : null;

  const { loaded, errors } = await loadRulesets(refs, ctx, host);
  if (errors > 0) return 1;
  const irs = loaded.map((l) => l.ir!);
  const seen = new Set<string>();
  for (const ir of irs) {
    if (seen.has(ir.id)) throw new UsageError(`ruleset \`${ir.id}\` is named twice`);
    seen.add(ir.id);
  }

  const options: DiffOptions = {
    onlyDifferences: opts.onlyDifferences === true,
    includePartial: opts.includePartial === true,
  };
  const store = ctx.stores?.diff ?? reportStore();
  let report: DiffReport | null;
  if (files === null && opts.map === undefined) {
    // The report alone: the scenario reader and the reach map's code are not loaded.
    const { diffCore } = await import("../engine/diff.js");
    report = diffCore(irs, options, store);
  } else {
    const [{ diffReport }, { printReachDiagnostics, reachRequest }, { readInputFile }] =
      await Promise.all([
        import("../engine/reports.js"),
        import("./reach.js"),
        import("./input.js"),
      ]);
    // The map's options are checked before the map is read (as `reach` does).
    const asked = opts.map === undefined ? null : reachRequest({ ...opts, from: opts.from! });
    const reach = asked === null ? null : { map: readInputFile(opts.map!, "map", ctx), ...asked };
    const made = diffReport({ rulesets: irs, options, scenarios: files, reach, store });
    if (reach !== null) printReachDiagnostics(made.diagnostics, reach, ctx);
    report = made.value;
  }
  if (report === null) return 1;

  if (opts.output !== undefined) {
    const file = resolve(ctx.cwd, opts.output);
    const text = await render(report, format, ctx, false);
    const wrote = writeIfChanged(file, text);
    const s = report.stats;
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: ${s.rows} rows, ${s.changed} changed, ${s.partial} partial, ${s.withSituations} with situations\n`,
    );
    return 0;
  }
  ctx.out(await render(report, format, ctx, true));
  return 0;
}
