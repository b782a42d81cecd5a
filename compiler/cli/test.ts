/**
 * `variorum test [ID|FILE…]`: runs the rulesets' embedded examples. Prints each failing example as a
 * diagnostic (`file:line:col: error V0801: example [cite] "title": failure; …` with a code frame;
 * V0802 when its input is invalid), and last exactly `N passed, N failed`.
 * A ruleset that does not compile counts as one failure (its examples cannot run). Exit 1 on any failure.
 */

import { hasErrors } from "../../diagnostics/index.js";
import { exampleDiagnostic, runExamples } from "../engine/examples.js";
import type { Ctx } from "./context.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { printDiagnostics } from "./render.js";
import { displayPath } from "../node/paths.js";
import { reportStore } from "../node/report-store.js";

export async function test(args: string[], ctx: Ctx): Promise<number> {
  const host = fsHost(ctx.root, ctx.built);
  const refs = refsFor(args, host, ctx);
  const { loaded } = await loadRulesets(refs, ctx, host, { warnings: false });
  const c = ctx.cOut;
  const store = reportStore(process.env, "examples");
  let passed = 0;
  let failed = 0;
  for (const l of loaded) {
    const file = displayPath(l.file, ctx.cwd);
    if (l.ir === null || hasErrors(l.diagnostics)) {
      failed++;
      ctx.out(
        `${file}: ${c.red("FAIL")} the ruleset does not compile; its examples were not run\n`,
      );
      continue;
    }
    // The examples' results are a function of the IR: a ruleset whose examples all passed under this
    // build is not run again (compiler/node/report-store.ts); a failure is never kept.
    const key = store ? JSON.stringify(l.ir) : "";
    const kept = store?.load(key) ?? null;
    if (kept !== null && /^[0-9]+$/.test(kept)) {
      passed += Number(kept);
      continue;
    }
    const results = runExamples(l.ir, l.file, l.sources.get(l.file) ?? null);
    const failing = results.filter((r) => !r.passed);
    passed += results.length - failing.length;
    failed += failing.length;
    if (failing.length === 0) store?.save(key, String(results.length));
    printDiagnostics(failing.map(exampleDiagnostic), l.sources, ctx, l.file);
  }
  ctx.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
