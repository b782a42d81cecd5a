/**
 * Check pass: merged declarations → the definitions of the IR, typed and resolved, plus diagnostics.
 * Runs the declaration checks in dependency order (measures and enums, inputs, tables, rules,
 * constraints, movement), then the examples (examples.ts) with the constant folder made from the
 * checked rules (fold.ts), then the whole-ruleset checks: cycles, contexts, unused
 * definitions and conflicting exceptions.
 */
import type * as A from '../../grammar/ast.js';
import { diag, type Diagnostic } from '../diagnostics.js';
import type * as I from '../ir.js';
import type { Merged } from '../resolve.js';
import { checkConflicts } from './conflicts.js';
import { DeclChecker } from './decls.js';
import { ExampleChecker } from './examples.js';
import { analyse } from './graph.js';
import { Scope } from './scope.js';
import { constantFolder } from './fold.js';
import { RULESET_ID } from '../ruleset-id.js';

export type Checked = Omit<I.RulesetIR, 'scale'>;

export function check(merged: Merged): { checked: Checked | null; diagnostics: Diagnostic[] } {
  const out: Diagnostic[] = [];
  const header = merged.header;
  const styles = new Map<string, 'numbered' | 'headings'>();
  for (let m: Merged | null = merged; m; m = m.parent) {
    const cites = m.header.cites;
    if (cites && cites.style !== 'numbered' && cites.style !== 'headings') {
      if (m === merged) out.push(diag('V0301', `unknown citation style ${cites.style}`, cites.span, 'write `cites numbered` or `cites headings`'));
      styles.set(m.header.id, 'numbered');
    } else {
      styles.set(m.header.id, (cites?.style as 'numbered' | 'headings' | undefined) ?? 'numbered');
    }
  }
  const style = styles.get(header.id)!;
  if (!RULESET_ID.test(header.id)) {
    out.push(diag('V0213', `ruleset id \`${header.id}\` cannot name a module file`, header.span, 'begin the id with a letter or digit, and use only letters, digits, `.`, `_` and `-`'));
  }
  const scope = new Scope(merged.decls);
  const c = new DeclChecker(merged, scope, out, styles);
  const of = <K extends A.Decl['kind']>(k: K) => merged.decls.map((o) => o.decl).filter((d): d is A.Decl & { kind: K } => d.kind === k);

  const measures = of('measure').map((d) => c.measure(d));
  const enums = of('enum').map((d) => c.enumDef(d));
  const groups = of('group').flatMap((d) => c.group(d) ?? []);
  const inputDecls = of('input');
  const inputs = inputDecls.map((d) => c.input(d));
  inputDecls.forEach((d, i) => c.inputDefaults(d, inputs[i]!));
  const tables = of('table').flatMap((d) => c.table(d) ?? []);
  const rules = merged.decls
    .map((o) => o.decl)
    .filter((d): d is A.Decl & { kind: 'rule' | 'predicate' } => d.kind === 'rule' || d.kind === 'predicate')
    .flatMap((d) => c.rule(d) ?? []);
  const constraints = of('constraint').flatMap((d) => c.constraint(d) ?? []);
  const movement = c.movement(of('movement')[0]);
  const fold = constantFolder({ rules, tables, enums, groups, inputs, constraints, measures });
  const ex = new ExampleChecker(c, out, fold);
  const examples = of('example').flatMap((d) => ex.check(d, movement?.measure ?? null) ?? []);

  const base = out.length;
  if (movement) analyse({ rules, constraints, movement, tables, examples, groups, enums, measures, inputs }, merged, scope, out);
  const ok = !out.some((d) => d.severity === 'error') && movement !== null;
  // With errors, definitions that failed to check look unused: do not add noise to real errors.
  if (!ok) return { checked: null, diagnostics: out.filter((d) => d.code !== 'V0701') };
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
    movement: movement!,
    examples,
  };
  if (out.slice(base).every((d) => d.severity !== 'error')) checkConflicts(checked, merged, out);
  return { checked: out.some((d) => d.severity === 'error') ? null : checked, diagnostics: out };
}
