/**
 * `variorum test [ID|FILE…]`: runs the rulesets' embedded examples. Prints one line per failing example
 * (`file:line: FAIL [cite] "title": failure; failure`), and last exactly `N passed, N failed`.
 * A ruleset that does not compile counts as one failure (its examples cannot run). Exit 1 on any failure.
 */

import { hasErrors } from '../diagnostics.js';
import { runExamples } from '../pipeline.js';
import type { Ctx } from './context.js';
import { fsHost } from './host.js';
import { loadRulesets, refsFor } from './load.js';
import { displayPath } from './render.js';

export function test(args: string[], ctx: Ctx): number {
  const host = fsHost(ctx.root);
  const refs = refsFor(args, host, ctx);
  const { loaded } = loadRulesets(refs, ctx, host, { warnings: false });
  const c = ctx.cOut;
  let passed = 0;
  let failed = 0;
  for (const l of loaded) {
    const file = displayPath(l.file, ctx.cwd);
    if (l.ir === null || hasErrors(l.diagnostics)) {
      failed++;
      ctx.out(`${file}: ${c.red('FAIL')} the ruleset does not compile; its examples were not run\n`);
      continue;
    }
    for (const r of runExamples(l.ir)) {
      if (r.passed) {
        passed++;
        continue;
      }
      failed++;
      const where = r.span !== null ? `${displayPath(r.span.file, ctx.cwd)}:${r.span.line}` : file;
      const why = r.failures.length > 0 ? r.failures.join('; ') : 'failed';
      ctx.out(`${where}: ${c.red('FAIL')} [${r.cite}] ${JSON.stringify(r.title)}: ${why}\n`);
    }
  }
  ctx.out(`${passed} passed, ${failed} failed\n`);
  return failed > 0 ? 1 : 0;
}
