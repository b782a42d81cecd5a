/** `variorum check [ID|FILE…]`: diagnostics only. Exit 0 when there are no errors, 1 otherwise. */

import type { Ctx } from "./context.js";
import { fsHost } from "./host.js";
import { loadRulesets, refsFor } from "./load.js";
import { plural } from "../render/numbers.js";

export async function check(args: string[], ctx: Ctx): Promise<number> {
  const host = fsHost(ctx.root, ctx.built);
  const refs = refsFor(args, host, ctx);
  if (refs.length === 0) {
    ctx.out("no rulesets to check (rulesets/ holds no .rules files)\n");
    return 0;
  }
  const { errors, warnings } = await loadRulesets(refs, ctx, host);
  const c = ctx.cOut;
  const summary = `checked ${plural(refs.length, "ruleset")}: ${plural(errors, "error")}, ${plural(warnings, "warning")}`;
  ctx.out((errors > 0 ? c.red(summary) : summary) + "\n");
  return errors > 0 ? 1 : 0;
}
