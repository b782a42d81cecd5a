/**
 * Coverage of the source: the source indexes and out-of-scope declarations of the chain → the IR's
 * `sources` and `outOfScope`, checked against every citation the checker met (decls.ts). What this
 * form adds: the index as data, and the warnings a file that declares an index gets — a paragraph
 * of its index that nothing cites and nothing declares out of scope, or a worked example no
 * `example` carries (V0303); a citation, or an out-of-scope declaration, that names no paragraph of
 * the chain's indexes (V0304) or several numbered alike (V0305); an entry listed twice, or declared
 * out of scope and cited all the same (V0306). A file without an index of its own is not judged.
 */
import type * as A from "../../../grammar/ast.js";
import type { Diagnostic, Span } from "../../../diagnostics/index.js";
import { report } from "../../../diagnostics/messages.js";
import type * as I from "../../ir/ir.js";
import { ParagraphIndex } from "../../ir/paragraphs.js";
import type { Merged } from "../resolve.js";

/** A citation the checker met: its text, where it is written, and who wrote it. */
export interface Citation {
  text: string;
  span: Span;
  ruleset: string;
  /** The citation of an `example` (it carries a worked example). */
  example: boolean;
}

/** The IR's coverage fields of `merged`, and the warnings of its own file. */
export function checkCoverage(
  merged: Merged,
  citations: readonly Citation[],
  out: Diagnostic[],
): Pick<I.RulesetIR, "sources" | "outOfScope"> {
  const sources: I.SourceIndex[] = [];
  const outOfScope: I.OutOfScope[] = [];
  for (let m: Merged | null = merged; m; m = m.parent) {
    for (const s of m.sources ?? []) sources.push(sourceIndex(m.header.id, s));
    for (const o of m.outOfScope ?? [])
      if (o.cite && o.cite.text !== "")
        outOfScope.push({
          cite: o.cite.text,
          reason: o.reason ?? "",
          ruleset: m.header.id,
          line: o.span.line,
        });
  }
  const ir: Pick<I.RulesetIR, "sources" | "outOfScope"> = {};
  if (sources.length > 0) ir.sources = sources;
  if (outOfScope.length > 0) ir.outOfScope = outOfScope;
  const own = merged.sources ?? [];
  if (own.length > 0) judge(merged, own, new ParagraphIndex(sources), citations, out);
  return ir;
}

function sourceIndex(ruleset: string, s: A.SourceDecl): I.SourceIndex {
  return {
    ruleset,
    title: s.title ?? "",
    entries: s.entries.map((e) => ({
      cite: e.cite.text,
      title: e.title ?? "",
      example: e.kind === "example",
      line: e.span.line,
    })),
  };
}

/** The warnings of a file that declares an index (`own`), against the chain's `index`. */
function judge(
  merged: Merged,
  own: readonly A.SourceDecl[],
  index: ParagraphIndex,
  citations: readonly Citation[],
  out: Diagnostic[],
): void {
  const id = merged.header.id;
  /** Entry citation → whether a definition cites it, whether an example carries it. */
  const cited = new Map<string, { definition: boolean; example: boolean }>();
  for (const c of citations) {
    const named = index.named(c.text);
    if (named.length === 1) {
      const k = cited.get(named[0]!) ?? { definition: false, example: false };
      if (c.example) k.example = true;
      else k.definition = true;
      cited.set(named[0]!, k);
    }
    if (c.ruleset === id) nameOne(index, c.text, c.span, "citation", out);
  }
  const scoped = new Set<string>();
  for (const o of merged.outOfScope ?? []) {
    if (!o.cite || o.cite.text === "") continue;
    const named = nameOne(index, o.cite.text, o.cite.span, "outOfScope", out);
    if (named === null) continue;
    if (scoped.has(named))
      out.push(report("V0306", "outOfScopeTwice", o.cite.span, { cite: named }));
    scoped.add(named);
    const k = cited.get(named);
    if (k && (k.definition || k.example))
      out.push(
        report(
          "V0306",
          "alsoCited",
          o.cite.span,
          { cite: named },
          "remove the out-of-scope declaration, or the citations",
        ),
      );
  }
  // Out-of-scope declarations of the ancestors cover their own paragraphs too.
  for (let m = merged.parent; m; m = m.parent)
    for (const o of m.outOfScope ?? []) if (o.cite) scoped.add(o.cite.text);
  const listed = new Set<string>();
  for (const s of own) {
    for (const e of s.entries) {
      const cite = e.cite.text;
      if (listed.has(cite)) {
        out.push(report("V0306", "listedTwice", e.cite.span, { cite }));
        continue;
      }
      listed.add(cite);
      if (scoped.has(cite)) continue;
      const k = cited.get(cite);
      if (e.kind === "example" && !k?.example)
        out.push(
          report(
            "V0303",
            "notCarried",
            e.cite.span,
            { cite },
            `write \`example [${cite}] "…" { … }\`, or \`out-of-scope [${cite}] "why"\``,
          ),
        );
      else if (e.kind === "paragraph" && !k)
        out.push(
          report(
            "V0303",
            "notCited",
            e.cite.span,
            { cite },
            `cite it where it is encoded, or write \`out-of-scope [${cite}] "why"\``,
          ),
        );
    }
  }
}

/**
 * The one paragraph `text` names, or null after V0304 (it names none) or V0305 (it names several
 * numbered alike).
 */
function nameOne(
  index: ParagraphIndex,
  text: string,
  span: Span,
  what: "citation" | "outOfScope",
  out: Diagnostic[],
): string | null {
  const named = index.named(text);
  if (named.length === 1) return named[0]!;
  if (named.length === 0) {
    const near = index.nearest(text);
    out.push(
      report(
        "V0304",
        what === "citation" ? "noParagraph" : "noParagraphOutOfScope",
        span,
        { cite: text },
        near
          ? `did you mean [${near}]? (or add the paragraph to the source index)`
          : "add the paragraph to the source index, or cite one it lists",
      ),
    );
  } else {
    out.push(
      report(
        "V0305",
        "ambiguous",
        span,
        { cite: text, count: String(named.length) },
        `write one of ${named.map((n) => `[${n}]`).join(", ")}`,
      ),
    );
  }
  return null;
}
