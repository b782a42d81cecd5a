/**
 * Whole-ruleset analysis over the dependency graph of definitions. `dependencies` runs on the checked
 * rule and constraint bodies, before their definitions are built: what each reads, hence its context
 * (does it read the step? the path?), and the reference cycles. `analyse` then runs on the checked
 * ruleset: it reports those cycles, what the allowance and the other once-per-move roles may not read,
 * examples that expect one value of a step rule, and definitions nothing uses.
 */
import { POSSESSES, STACKS_AS } from "./stacks.js";
import type * as A from "../../../grammar/ast.js";
import type { Diagnostic, Span } from "../../../diagnostics/index.js";
import { report } from "../../../diagnostics/messages.js";
import type * as I from "../../ir/ir.js";
import {
  eachChild,
  movementExprs,
  noReads,
  reads,
  ruleReadsAll,
  type Reads,
} from "../../ir/walk.js";
import type { Merged } from "../resolve.js";
import type { ConstraintBody, RuleBody } from "./decls.js";
import type { Checked } from "./types.js";
import type { Scope } from "./scope.js";

/** What the dependency analysis learns from the checked bodies, before the definitions are built. */
export interface Dependencies {
  /** The context of each rule, in the order of the bodies given (`contextOf` its reads). */
  ruleContexts: I.Context[];
  /** The context of each constraint, in the order of the bodies given. */
  constraintContexts: I.Context[];
  /**
   * What each rule reads, by name: its flags and tables (not the fields it reads: no pass of the
   * checker needs them, so they are not recorded; nor its constants, which go to `consts`).
   */
  reads: Map<string, Reads>;
  /** The number constants the rules read, all in one set (the conflict search's probes start from them). */
  consts: ReadonlySet<string>;
  /**
   * The checked rules by name: the bodies, which `ruleDef` completes in place, so once the
   * definitions are built it holds them (the rule definitions by name, made once per check).
   */
  rules: ReadonlyMap<string, RuleBody>;
  /** The rules each rule calls itself, by name, as met (a rule that calls none has no entry). */
  calls: Map<string, string[]>;
  /** V0208 for each reference cycle, in the order found; `analyse` reports them. */
  cycles: Diagnostic[];
  /** Whether a rule or a constraint rolls dice. */
  rolling: boolean;
}

/** The context of a definition that reads `acc`: the step's, the path's, or the unit's. */
export const contextOf = (acc: Reads): I.Context =>
  acc.step ? "step" : acc.path ? "path" : "unit";

/** `all` or path.spent: needs the allowance or the total, so the allowance cannot read it. */
const readsTotal = (acc: Reads): boolean => acc.all || acc.spent;

/** What each rule and constraint reads, their contexts, and the reference cycles among the rules. */
export function dependencies(
  ruleBodies: readonly RuleBody[],
  constraintBodies: readonly ConstraintBody[],
  scope: Scope,
): Dependencies {
  const rules = new Map<string, RuleBody>();
  for (let i = 0; i < ruleBodies.length; i++) rules.set(ruleBodies[i]!.name, ruleBodies[i]!);
  const byRule = new Map<string, Reads>();
  const cycles: Diagnostic[] = [];
  const visiting: string[] = [];
  let rolling = false;

  const calls = new Map<string, string[]>();
  // The rules' constants in one set, and the constraints' in another, which nothing reads: no set
  // of constants is made per rule or constraint.
  const consts = new Set<string>();
  const constraintConsts = new Set<string>();
  const ruleReads = (name: string): Reads | null => {
    // Called for each rule an expression calls: while a rule is read, the callee is its own call.
    if (visiting.length > 0) {
      const caller = visiting[visiting.length - 1]!;
      const list = calls.get(caller);
      if (list) list.push(name);
      else calls.set(caller, [name]);
    }
    const done = byRule.get(name);
    if (done) return done;
    const r = rules.get(name);
    return r ? readsOf(r) : null;
  };
  /** What rule `r`, not yet read, reads (its callees' reads among them), kept under its name. */
  const readsOf = (r: RuleBody): Reads => {
    const name = r.name;
    if (visiting.includes(name)) {
      const cycle = [...visiting.slice(visiting.indexOf(name)), name];
      cycles.push(report("V0208", "cycle", spanOf(scope, name), { cycle: cycle.join(" → ") }));
      return noReads();
    }
    visiting.push(name);
    const acc = ruleReadsAll(r, ruleReads, false, consts);
    visiting.pop();
    if (acc.dice) rolling = true;
    byRule.set(name, acc);
    return acc;
  };

  // Indexed loops here and in `wholeRulesetChecks`: run once per check, they are rarely optimised,
  // and an iterator allocates. Each rule is read unless a rule before it called it; the contexts go
  // in lists in the bodies' order, so the definitions are built without a lookup by name.
  const ruleContexts = new Array<I.Context>(ruleBodies.length);
  for (let i = 0; i < ruleBodies.length; i++) {
    const r = ruleBodies[i]!;
    ruleContexts[i] = contextOf(byRule.get(r.name) ?? readsOf(r));
  }
  const constraintContexts = new Array<I.Context>(constraintBodies.length);
  for (let i = 0; i < constraintBodies.length; i++) {
    const acc = reads(constraintBodies[i]!.cond, ruleReads, false, constraintConsts);
    if (acc.dice) rolling = true;
    constraintContexts[i] = contextOf(acc);
  }
  return { ruleContexts, constraintContexts, reads: byRule, consts, rules, calls, cycles, rolling };
}

function spanOf(scope: Scope, name: string): Span | null {
  const s = scope.named(name);
  return s ? s.nameSpan : null;
}

/**
 * Where a warning about definition `name` of this ruleset belongs: its name, or for a rule this file
 * `extend`s, the name of the `extend` (the definition itself is in the parent's file).
 */
function ownSpanOf(scope: Scope, merged: Merged, name: string): Span | null {
  return merged.byKey.get(name)?.editSpan ?? spanOf(scope, name);
}

/**
 * The whole-ruleset checks of the checked ruleset `p`: the cycles `deps` found (V0208), what the
 * once-per-move roles and examples may not read (V0406), and definitions nothing uses (V0701).
 */
export function wholeRulesetChecks(
  p: Checked,
  deps: Dependencies,
  merged: Merged,
  scope: Scope,
  out: Diagnostic[],
): void {
  // The bodies by name are the definitions now (`ruleDef` completed them in place).
  const rules = deps.rules as ReadonlyMap<string, I.RuleDef>;
  for (const c of deps.cycles) out.push(c);
  const ruleReads = (name: string): Reads | null => deps.reads.get(name) ?? null;

  const movementSpan = scope.declsOf("movement")[0]?.span ?? null;
  const roleReads = (e: I.Expr) => reads(e, ruleReads);
  const a = roleReads(p.movement.allowance);
  if (a.step)
    out.push(
      report(
        "V0406",
        "allowanceStep",
        movementSpan,
        {},
        "read steps through an aggregate such as `max step (…)`",
      ),
    );
  if (readsTotal(a)) out.push(report("V0406", "allowanceAll", movementSpan, {}));
  for (const [role, e] of [
    ["minimum-move", p.movement.minimumMove],
    ["vehicle-spent", p.movement.vehicleSpent],
    ["halt-allowance", p.movement.haltAllowance ?? null],
  ] as const) {
    if (e && roleReads(e).step) out.push(report("V0406", "oncePerMove", movementSpan, { role }));
  }

  // Unused definitions: not reachable from the movement binding, constraints or examples. A rule
  // uses the rules it calls and the tables it reads (those its callees read among them), as the
  // dependency analysis found, so its expressions are not walked again. (In a cycle a rule's reads
  // may lack its callees' tables; a cycle is an error, and with an error nothing is reported unused.)
  const used = new Set<string>();
  const useRule = (name: string): void => {
    if (used.has(name)) return;
    used.add(name);
    const callees = deps.calls.get(name);
    if (callees) for (let i = 0; i < callees.length; i++) useRule(callees[i]!);
    const r = deps.reads.get(name);
    if (r && r.tables.size > 0) r.tables.forEach(useTable);
  };
  const useTable = (name: string): void => void used.add(name);
  const useExpr = (e: I.Expr): void => {
    if (e.k === "rule") useRule(e.name);
    else if (e.k === "table") used.add(e.name);
    eachChild(e, useExpr);
  };
  // The examples' expectations in one pass: one value of a step rule expected (V0406), and what
  // each uses.
  for (let i = 0; i < p.examples.length; i++) {
    const ex = p.examples[i]!;
    for (let j = 0; j < ex.expect.length; j++) {
      const x = ex.expect[j]!;
      if (x.e === "rule") {
        const r = rules.get(x.name);
        if (r && r.context === "step")
          out.push(
            report("V0406", "exampleStep", expectSpan(merged, ex.origin.line, x.name), {
              name: x.name,
            }),
          );
        useRule(x.name);
      } else if (x.e === "table") used.add(x.name);
    }
  }
  for (const e of movementExprs(p.movement)) useExpr(e);
  for (let i = 0; i < p.constraints.length; i++) useExpr(p.constraints[i]!.cond);
  // Example inputs may apply rules and tables to constants (`portage: dm-portage(hmg)`).
  const exampleNames = new Set<string>();
  const exampleDecls = scope.declsOf("example");
  for (let i = 0; i < exampleDecls.length; i++) {
    const d = exampleDecls[i]!;
    for (let j = 0; j < d.records.length; j++) fieldNames(d.records[j]!.value, exampleNames);
    if (d.path) for (let j = 0; j < d.path.length; j++) fieldNames(d.path[j]!, exampleNames);
    // A stack's counters, and the predicate that says who possesses its weapons (stacks.ts).
    for (const s of d.stacks)
      for (const e of s.entries) {
        fieldNames(e.fields, exampleNames);
        if (e.weapon) exampleNames.add(POSSESSES);
      }
    // `expect stack A1 legal` asks the stacking limit: each `stacks-as-P` rule, and a predicate
    // whose every parameter P has one (docs/language.md, "Stacking").
    if (d.expects.some((x) => x.e === "stack"))
      for (const r of scope.ruleDecls)
        if (
          r.name.startsWith(STACKS_AS) ||
          (r.kind === "predicate" &&
            r.params.length > 0 &&
            r.params.every((q) => scope.named(STACKS_AS + q.name) !== undefined))
        )
          exampleNames.add(r.name);
  }
  exampleNames.forEach(useRule);
  // The names this file declares (not the rulesets it extends), needed only once one is unused.
  let own: Set<string> | null = null;
  const isOwn = (name: string): boolean =>
    (own ??= new Set(
      merged.decls.filter((o) => o.origin === merged.header.id).map((o) => o.decl.name),
    )).has(name);
  for (const defs of [p.rules, p.tables] as const) {
    for (let i = 0; i < defs.length; i++) {
      const d = defs[i]!;
      if (!used.has(d.name) && isOwn(d.name)) {
        out.push(
          report(
            "V0701",
            "unused",
            ownSpanOf(scope, merged, d.name),
            { name: d.name },
            "use it, give it an example, or remove it",
          ),
        );
      }
    }
  }
  conceptless(rules, deps, isOwn, scope, out);
}

/**
 * V0702: a definition the diff would show that is no concept of the book — one of this file's rules
 * that takes parameters, names no concept (its concept is its own name), is not marked `helper`, and
 * is called by a rule citing the same paragraph: a step of that rule's computation, which no other
 * ruleset can line up with.
 */
function conceptless(
  rules: ReadonlyMap<string, I.RuleDef>,
  deps: Dependencies,
  isOwn: (name: string) => boolean,
  scope: Scope,
  out: Diagnostic[],
): void {
  for (const [caller, callees] of deps.calls) {
    const c = rules.get(caller);
    if (!c) continue;
    for (const name of callees) {
      const r = rules.get(name);
      if (!r || r.helper || r.params.length === 0 || r.concept !== r.name) continue;
      if (r.cite !== c.cite || !isOwn(name)) continue;
      out.push(
        report(
          "V0702",
          "unmarked",
          spanOf(scope, name),
          { name, cite: r.cite, caller },
          "mark it `helper` if it is a step of the encoding, or name the book's concept with `concept KEY`",
        ),
      );
      break;
    }
  }
}

/** Adds to `acc` the names the field values of record literal `r` use (as `astNames`). */
function fieldNames(r: A.RecordLit, acc: Set<string>): void {
  for (let i = 0; i < r.fields.length; i++) astNames(r.fields[i]!.value, acc);
}

/** Adds to `acc` the names an AST expression uses as a value or calls (not `enum.member`). */
function astNames(e: A.Expr, acc: Set<string>): void {
  switch (e.k) {
    case "num":
    case "bool":
    case "all":
    case "na":
    case "base":
    case "rec":
    case "set":
      return;
    case "name":
      if (e.member === null) acc.add(e.name);
      return;
    case "call":
      acc.add(e.name);
      for (const a of e.args) astNames(a, acc);
      return;
    case "agg":
      return astNames(e.body, acc);
    case "neg":
    case "not":
      return astNames(e.x, acc);
    case "bin":
      astNames(e.a, acc);
      return astNames(e.b, acc);
    case "in":
      astNames(e.x, acc);
      return astNames(e.set, acc);
    case "if":
      astNames(e.c, acc);
      astNames(e.t, acc);
      return astNames(e.e, acc);
    case "dice":
      if (e.perDie) astNames(e.perDie, acc);
      return;
    default: {
      const never: never = e;
      throw new TypeError(`unknown expression kind ${JSON.stringify(never)}`);
    }
  }
}

/** Where an example (by its line) expects `name`: that expectation, else the example, else its header. */
function expectSpan(merged: Merged, line: number, name: string): Span | null {
  for (const o of merged.decls) {
    const d = o.decl;
    if (d.kind !== "example" || d.span.line !== line) continue;
    return d.expects.find((x) => x.e === "value" && x.name === name)?.span ?? d.span;
  }
  return merged.decls[0]?.decl.span ?? null;
}
