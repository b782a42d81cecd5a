/**
 * Which paragraphs of a source index a citation names: the one rule behind `check`'s citation
 * warnings, `variorum coverage` and the language service's hover (docs/language.md, "Coverage of
 * the source"). A citation names the entry written exactly as it. Paragraphs a text numbers alike
 * (the two SQLA 31.11, the four SL 142.71, two EX of one ASL rule) are listed with an ordinal,
 * `31.11#2`, `A4.52 EX#1`; a citation without it names all of them, so it is ambiguous.
 */
import type { OutOfScope, RulesetIR, SourceEntry, SourceIndex } from "./ir.js";
import { closest } from "../util/suggest.js";

/** The separator of a paragraph's ordinal among those a text numbers alike. */
export const ORDINAL = "#";

/** The entries of some source indexes, looked up by citation. */
export class ParagraphIndex {
  private readonly byCite = new Map<string, { entry: SourceEntry; index: SourceIndex }>();
  /** A citation without its ordinal → the entries numbered so. */
  private readonly alike = new Map<string, string[]>();

  constructor(readonly indexes: readonly SourceIndex[]) {
    for (const index of indexes) {
      for (const entry of index.entries) {
        if (this.byCite.has(entry.cite)) continue;
        this.byCite.set(entry.cite, { entry, index });
        const at = entry.cite.lastIndexOf(ORDINAL);
        if (at > 0) {
          const family = entry.cite.slice(0, at);
          const list = this.alike.get(family);
          if (list) list.push(entry.cite);
          else this.alike.set(family, [entry.cite]);
        }
      }
    }
  }

  /** Whether any index is declared. */
  get declared(): boolean {
    return this.indexes.length > 0;
  }

  /** The entry a citation names exactly, with its index. */
  entry(cite: string): { entry: SourceEntry; index: SourceIndex } | undefined {
    return this.byCite.get(cite);
  }

  /** The citations of the entries `cite` names: one, several (numbered alike: ambiguous) or none. */
  named(cite: string): string[] {
    if (this.byCite.has(cite)) return [cite];
    return this.alike.get(cite) ?? [];
  }

  /** The entry nearest to a citation that names none, if near enough to be a likely typo. */
  nearest(cite: string): string | null {
    return closest(cite, this.byCite.keys());
  }
}

/** The indexes of a ruleset's chain (its own first), looked up by citation. */
export function paragraphIndex(ir: Pick<RulesetIR, "sources">): ParagraphIndex {
  return new ParagraphIndex(ir.sources ?? []);
}

/** The out-of-scope declarations of a ruleset's chain by the citation each names (the first of each). */
export function outOfScopeByCite(ir: Pick<RulesetIR, "outOfScope">): Map<string, OutOfScope> {
  const out = new Map<string, OutOfScope>();
  for (const o of ir.outOfScope ?? []) if (!out.has(o.cite)) out.set(o.cite, o);
  return out;
}
