/**
 * `variorum coverage ID|FILE [--format text|md|html|json] [-o FILE]`: every paragraph of the
 * ruleset's source index with its status (encoded, examples only, out of scope, missing) and every
 * worked example with the `example` that carries it, totals per part of the index. Exit 0 when
 * nothing is missing, 1 when a paragraph or a worked example is missing (or the ruleset does not
 * load, or declares no index), 2 for a usage mistake.
 */
import { resolve } from "node:path";
import { COVERAGE_RENDERERS, type CoverageFormat } from "../coverage/index.js";
import { coverage as buildCoverage } from "../engine/coverage.js";
import type { Ctx } from "./context.js";
import { fsHost, isPathArg } from "./host.js";
import { loadRulesets } from "./load.js";
import { outputFormat } from "./output-format.js";
import { displayPath } from "../node/paths.js";
import { writeIfChanged } from "../node/write.js";

export const COVERAGE_FORMATS = Object.keys(COVERAGE_RENDERERS) as CoverageFormat[];

export interface CoverageCliOptions {
  format?: string;
  output?: string;
}

export async function coverage(arg: string, opts: CoverageCliOptions, ctx: Ctx): Promise<number> {
  const format = outputFormat(opts.format, opts.output, COVERAGE_FORMATS, "text");
  const ref = isPathArg(arg) ? resolve(ctx.cwd, arg) : arg;
  const { loaded, errors } = await loadRulesets([ref], ctx, fsHost(ctx.root, ctx.built), {
    warnings: false,
  });
  const ir = loaded[0]?.ir ?? null;
  if (errors > 0 || ir === null) return 1;
  const report = buildCoverage(ir).value!;
  const text = COVERAGE_RENDERERS[format](report);
  const t = report.totals;
  const missing = t.missing + t.examplesMissing;
  if (opts.output !== undefined) {
    const file = resolve(ctx.cwd, opts.output);
    const wrote = writeIfChanged(file, text);
    ctx.out(
      `${wrote ? "wrote" : "unchanged"} ${displayPath(file, ctx.cwd)}: ${t.paragraphs} paragraphs, ${t.examples} worked examples, ${missing} missing\n`,
    );
  } else ctx.out(text);
  return report.indexOf === null || missing > 0 ? 1 : 0;
}
