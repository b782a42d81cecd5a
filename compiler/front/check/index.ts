/**
 * Check pass: merged declarations → the checked ruleset (`Checked`: the IR before lowering gives it a
 * tick scale), typed and resolved, plus diagnostics. Runs the declaration checks in dependency order
 * (decls.ts: measures and enums, inputs, tables, rule and constraint bodies, movement), the dependency
 * analysis that gives each rule and constraint its context (graph.ts), so their definitions are built
 * whole, then the examples (examples.ts), whose constants the one folder (compiler/ir/fold.ts
 * `foldConstant`) evaluates with the checked rules, then the whole-ruleset checks: cycles, what the
 * once-per-move roles read, unused definitions (graph.ts) and conflicting exceptions (conflicts.ts);
 * the source indexes against every citation met (coverage.ts). Types and how they compare are in
 * types.ts, expressions in expr.ts, the symbol table in scope.ts.
 */
import type * as A from "../../../grammar/ast.js";
import type { Diagnostic } from "../../../diagnostics/index.js";
import { report } from "../../../diagnostics/messages.js";
import type * as I from "../../ir/ir.js";
import type { Merged } from "../resolve.js";
import { checkConflicts } from "./conflicts.js";
import { checkCoverage } from "./coverage.js";
import { constraintDef, DeclChecker, ruleDef } from "./decls.js";
import { ExampleChecker } from "./examples.js";
import { wholeRulesetChecks, dependencies } from "./graph.js";
import { Scope } from "./scope.js";
import { Evaluator } from "../../interpret/eval.js";
import { RULESET_ID } from "../../util/ruleset-id.js";

import type { Checked } from "./types.js";
export type { Checked };

export function check(merged: Merged): { checked: Checked | null; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  const header = merged.header;
  const styles = new Map<string, "numbered" | "headings">();
  for (let m: Merged | null = merged; m; m = m.parent) {
    const cites = m.header.cites;
    if (cites && cites.style !== "numbered" && cites.style !== "headings") {
      if (m === merged)
        out.push(
          report(
            "V0301",
            "unknownStyle",
            cites.span,
            { style: cites.style },
            "write `cites numbered` or `cites headings`",
          ),
        );
      styles.set(m.header.id, "numbered");
    } else {
      styles.set(m.header.id, (cites?.style as "numbered" | "headings" | undefined) ?? "numbered");
    }
  }
  const style = styles.get(header.id)!;
  if (!RULESET_ID.test(header.id)) {
    out.push(
      report(
        "V0213",
        "moduleName",
        header.span,
        { id: header.id },
        "begin the id with a letter or digit, and use only letters, digits, `.`, `_` and `-`",
      ),
    );
  }
  const scope = new Scope(merged);
  const c = new DeclChecker(merged, scope, out, styles);
  const of = <K extends A.Decl["kind"]>(k: K) => scope.declsOf(k);

  const measures = of("measure").map((d) => c.measure(d));
  const enums = of("enum").map((d) => c.enumDef(d));
  const groups = kept(of("group"), (d) => c.group(d));
  const inputDecls = of("input");
  const inputs = inputDecls.map((d) => c.input(d));
  inputDecls.forEach((d, i) => c.inputDefaults(d, inputs[i]!));
  const tables = kept(of("table"), (d) => c.table(d));
  const ruleBodies = kept(scope.ruleDecls, (d) => c.rule(d));
  const constraintBodies = kept(of("constraint"), (d) => c.constraint(d));
  const movement = c.movement(of("movement")[0]);
  const deps = dependencies(ruleBodies, constraintBodies, scope);
  const rules = ruleBodies.map((r, i) => ruleDef(r, deps.ruleContexts[i]!));
  const constraints = constraintBodies.map((k, i) => constraintDef(k, deps.constraintContexts[i]!));
  const ex = new ExampleChecker(c, out, new Evaluator({ rules, tables, inputs }));
  const measure = movement?.measure ?? null;
  const examples = kept(of("example"), (d) => ex.check(d, measure));

  const coverage = checkCoverage(merged, c.citations, out);
  // Without a movement binding (its check reported why) there is no ruleset to analyse.
  if (!movement) return { checked: null, diagnostics: out };
  const checked: Checked = {
    id: header.id,
    title: header.title,
    edition: header.edition,
    citeStyle: style,
    extends: merged.chain,
    measures,
    enums,
    groups,
    inputs,
    tables,
    rules,
    constraints,
    movement,
    examples,
    ...coverage,
  };
  wholeRulesetChecks(checked, deps, merged, scope, out);
  // With errors, definitions that failed to check look unused: do not add noise to real errors.
  if (out.some((d) => d.severity === "error"))
    return { checked: null, diagnostics: out.filter((d) => d.code !== "V0701") };
  checkConflicts(checked, merged, out, deps);
  return { checked: out.some((d) => d.severity === "error") ? null : checked, diagnostics: out };
}

/**
 * `f` of each of `xs` in order, those it makes (null: the declaration had an error), in a list of
 * their number: the checked ruleset's lists are not grown by pushing (which leaves room for more).
 */
function kept<T, U>(xs: readonly T[], f: (x: T) => U | null): U[] {
  const out = new Array<U>(xs.length);
  let n = 0;
  for (let i = 0; i < xs.length; i++) {
    const y = f(xs[i]!);
    if (y !== null) out[n++] = y;
  }
  if (n < out.length) out.length = n;
  return out;
}
