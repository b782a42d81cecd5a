/**
 * Coverage: a RulesetIR → the coverage report model. What it adds: each paragraph of the ruleset's
 * own index (a ruleset's examples are its own, so an ancestor's index is reported by the ancestor)
 * with the definitions and examples that cite
 * it, through the one rule of which paragraph a citation names (compiler/ir/paragraphs.ts), and
 * totals per `source` block and overall.
 */
import type * as I from "../ir/ir.js";
import { outOfScopeByCite, paragraphIndex } from "../ir/paragraphs.js";
import type { CoverageReport, CoverageSection, ExampleRow, ParagraphRow, Totals } from "./model.js";

/** Every citation of the ruleset's definitions, with the name of the definition that writes it. */
export function definitionCitations(ir: I.RulesetIR): { cite: string; name: string }[] {
  const out: { cite: string; name: string }[] = [];
  const add = (cite: string | null, name: string) => {
    if (cite) out.push({ cite, name });
  };
  for (const d of ir.measures) add(d.cite, d.name);
  for (const d of ir.enums) {
    add(d.cite, d.name);
    for (const m of d.members) add(m.cite, `${d.name}.${m.name}`);
  }
  for (const d of ir.groups) add(d.cite, d.name);
  for (const d of ir.inputs) add(d.cite, `input ${d.rec}`);
  for (const d of ir.tables) {
    add(d.cite, d.name);
    for (const r of d.rows) add(r.cite, d.name);
  }
  const exceptions = (list: readonly I.Exception[], name: string) => {
    for (const e of list) {
      add(e.cite, name);
      exceptions(e.exceptions, name);
    }
  };
  for (const d of ir.rules) {
    add(d.cite, d.name);
    exceptions(d.exceptions, d.name);
  }
  for (const d of ir.constraints) add(d.cite, d.name);
  add(ir.movement.cite, "movement");
  return out;
}

/** The ruleset's own index blocks, and the nearest ancestor that declares some (when it has none). */
function reportedIndexes(ir: I.RulesetIR): { own: I.SourceIndex[]; ancestor: string | null } {
  const all = ir.sources ?? [];
  const own = all.filter((s) => s.ruleset === ir.id);
  const ancestor = own.length > 0 ? null : (all[0]?.ruleset ?? null);
  return { own, ancestor };
}

const zero = (): Totals => ({
  paragraphs: 0,
  encoded: 0,
  examplesOnly: 0,
  outOfScope: 0,
  missing: 0,
  examples: 0,
  carried: 0,
  examplesOutOfScope: 0,
  examplesMissing: 0,
});

function addTotals(into: Totals, t: Totals): void {
  for (const k of Object.keys(into) as (keyof Totals)[]) into[k] += t[k];
}

/** Unique values of `xs`, in first-seen order. */
const unique = (xs: readonly string[]): string[] => [...new Set(xs)];

export function buildCoverage(ir: I.RulesetIR): CoverageReport {
  const index = paragraphIndex(ir);
  const scoped = outOfScopeByCite(ir);
  /** Entry citation → the definitions and the examples that name it. */
  const byDefs = new Map<string, string[]>();
  const byExamples = new Map<string, string[]>();
  const note = (map: Map<string, string[]>, cite: string, who: string) => {
    const named = index.named(cite);
    if (named.length !== 1) return;
    const list = map.get(named[0]!);
    if (list) list.push(who);
    else map.set(named[0]!, [who]);
  };
  for (const c of definitionCitations(ir)) note(byDefs, c.cite, c.name);
  for (const e of ir.examples) note(byExamples, e.cite, e.title);
  const { own: indexes, ancestor } = reportedIndexes(ir);
  const totals = zero();
  const sections: CoverageSection[] = indexes.map((s) => {
    const t = zero();
    const paragraphs: ParagraphRow[] = [];
    const examples: ExampleRow[] = [];
    for (const e of s.entries) {
      const defs = unique(byDefs.get(e.cite) ?? []);
      const exs = unique(byExamples.get(e.cite) ?? []);
      const out = scoped.get(e.cite);
      if (e.example) {
        t.examples++;
        if (exs.length > 0) {
          t.carried++;
          examples.push({ cite: e.cite, title: e.title, status: "carried", by: exs });
        } else if (out) {
          t.examplesOutOfScope++;
          examples.push({
            cite: e.cite,
            title: e.title,
            status: "out-of-scope",
            by: [],
            reason: out.reason,
          });
        } else {
          t.examplesMissing++;
          examples.push({ cite: e.cite, title: e.title, status: "missing", by: [] });
        }
        continue;
      }
      t.paragraphs++;
      if (defs.length > 0) {
        t.encoded++;
        paragraphs.push({ cite: e.cite, title: e.title, status: "encoded", by: defs });
      } else if (exs.length > 0) {
        t.examplesOnly++;
        paragraphs.push({ cite: e.cite, title: e.title, status: "examples-only", by: exs });
      } else if (out) {
        t.outOfScope++;
        paragraphs.push({
          cite: e.cite,
          title: e.title,
          status: "out-of-scope",
          by: [],
          reason: out.reason,
        });
      } else {
        t.missing++;
        paragraphs.push({ cite: e.cite, title: e.title, status: "missing", by: [] });
      }
    }
    addTotals(totals, t);
    return { title: s.title, paragraphs, examples, totals: t };
  });
  return {
    ruleset: ir.id,
    title: ir.title,
    indexOf: indexes.length > 0 ? ir.id : null,
    ancestorIndex: ancestor,
    sections,
    totals,
  };
}

/**
 * One line saying what a ruleset leaves out of its source, for the diff (`list`: naming each
 * paragraph) and the card (counting them: it must fit its page); null when it declares no index.
 */
export function leavesOutLine(ir: I.RulesetIR, list = true): string | null {
  const r = buildCoverage(ir);
  if (r.indexOf === null) return null;
  const out: string[] = [];
  for (const s of r.sections) {
    for (const p of s.paragraphs) if (p.status === "out-of-scope") out.push(p.cite);
    for (const e of s.examples) if (e.status === "out-of-scope") out.push(e.cite);
  }
  const t = r.totals;
  const all = t.paragraphs + t.examples;
  const missing = t.missing + t.examplesMissing;
  const gaps = missing > 0 ? `; ${missing} neither encoded nor declared out of scope` : "";
  if (out.length === 0)
    return `leaves out none of the ${all} paragraphs and worked examples of its source${gaps}`;
  const which = list ? `: ${out.join(", ")}` : "";
  return `leaves out ${out.length} of the ${all} paragraphs and worked examples of its source${gaps}${which}; why: variorum coverage ${ir.id}`;
}
