/**
 * Hover: what a name is (rule, table, enum, input field…), its measure or type, its citation and
 * paraphrase; on an `override`, what it replaces (the base's citation, paraphrase and file). On a
 * citation: the paragraph of the source index it names, its title, and what else cites it (or why
 * it is out of scope), through the one rule of which paragraph a citation names.
 */
import { Citation } from "../../grammar/tokens.js";
import { definitionCitations } from "../coverage/build.js";
import { outOfScopeByCite, paragraphIndex } from "../ir/paragraphs.js";
import type { Decl } from "../../grammar/ast.js";
import { tokenEnd } from "../../grammar/tokens.js";
import { md } from "../render/markdown.js";
import { plainOf } from "../render/plain.js";
import type { Owned } from "../front/resolve.js";
import { replaced, type Analysis } from "./analysis.js";
import { tokenIndexAt, tokensOf, typeText, type Word } from "./navigate.js";
import type { Hover } from "./types.js";

function cite(d: Decl): string {
  return d.meta.cite ? `[${d.meta.cite.text}]` : "(no citation)";
}

/** `rule` → `MF`, `table terrain -> MF`, `enum 12 members`… */
export function signature(d: Decl): string {
  switch (d.kind) {
    case "rule":
      return `${d.params.length ? `(${d.params.map((p) => `${p.name}: ${typeText(p.type)}`).join(", ")})` : ""}: ${typeText(d.type)}`;
    case "predicate":
      return `${d.params.length ? `(${d.params.map((p) => `${p.name}: ${typeText(p.type)}`).join(", ")})` : ""}: bool`;
    case "table":
      return `: ${d.keys.map((k) => k.name).join(", ")} -> ${typeText(d.type)}`;
    case "enum":
      return ` { ${d.members.map((m) => m.name).join(", ")} }`;
    case "group":
      return ` = ${d.members.map((m) => (m.member ? `${m.name}.${m.member}` : m.name)).join(" | ")}`;
    case "movement":
      return ` ${d.measure}`;
    default:
      return "";
  }
}

function describe(o: Owned, label: string): string[] {
  const d = o.decl;
  const out = [
    `**${d.override ? "override " : ""}${d.kind}** \`${label}${signature(d)}\` ${md(cite(d))}`,
  ];
  if (d.meta.title) out.push("", md(d.meta.title));
  const extra: string[] = [];
  if (d.meta.concept) extra.push(`concept \`${d.meta.concept}\``);
  if (d.meta.section) extra.push(`section \`${d.meta.section}\``);
  extra.push(`from ${md(o.origin)}`);
  out.push("", extra.join(" · "));
  return out;
}

export function hoverOf(a: Analysis, w: Word): Hover | null {
  const t = w.target;
  if (!t) return null;
  const lines: string[] = [];
  if (t.t === "decl") {
    lines.push(...describe(t.owned, t.owned.decl.name));
    const d = t.owned.decl;
    // What it says, in words (compiler/render/plain.ts, as the cards and the diff say it): the
    // ruleset's merged definition, so an `extend` or `override` shows what now holds.
    const plain = a.ir ? plainOf(a.ir, d.name) : null;
    if (plain && plain.length > 0)
      lines.push(
        "",
        ...plain.map((l) => `${"  ".repeat(l.depth)}${l.depth > 0 ? "↳ " : ""}${md(l.text)}  `),
      );
    const base = d.override && a.merged ? replaced(a.merged, d) : null;
    if (base) {
      lines.push(
        "",
        "---",
        "",
        `Replaces ${md(base.origin)}'s ${base.decl.kind} \`${base.decl.name}${signature(base.decl)}\` ${md(cite(base.decl))}`,
      );
      if (base.decl.meta.title) lines.push("", `> ${md(base.decl.meta.title)}`);
      lines.push("", `in ${md(base.file)}`);
    }
  } else if (t.t === "member") {
    const m = t.member;
    lines.push(
      `**member** \`${m.name}\` of enum \`${t.owned.decl.name}\`${m.cite ? ` ${md(`[${m.cite.text}]`)}` : ""}`,
    );
    if (m.display) lines.push("", md(m.display));
    lines.push("", `from ${md(t.owned.origin)}`);
  } else {
    const f = t.field;
    lines.push(
      `**input field** \`${t.owned.decl.name}.${f.name}: ${typeText(f.type)}${f.optional ? "?" : ""}\`${f.default ? " (has a default)" : f.optional ? " (optional)" : " (required)"}`,
    );
    lines.push(
      "",
      `declared by input ${t.owned.decl.name} ${md(cite(t.owned.decl))} in ${md(t.owned.origin)}`,
    );
  }
  const file = a.files.get(a.doc.uri)!;
  const start = w.token.startOffset;
  const end = tokenEnd(w.token);
  return { contents: lines.join("\n"), start, end, range: file.lines.range(start, end) };
}

/** At most this many citers are named in a hover; the rest are counted. */
const CITERS_SHOWN = 8;

/**
 * Hover on a citation (`[5.44]`, also in a `source` index or an `out-of-scope` line): the paragraph
 * it names in the source indexes of the ruleset's chain, its title, and the definitions and
 * examples that cite it; for a citation that names none, or several numbered alike, says so. Needs
 * the ruleset checked clean (its IR carries the indexes); null elsewhere.
 */
export function citationHover(a: Analysis, uri: string, offset: number): Hover | null {
  const file = a.files.get(uri);
  if (!file || !a.ir) return null;
  const tokens = tokensOf(file);
  const i = tokenIndexAt(tokens, offset);
  const token = i < 0 ? undefined : tokens[i];
  if (!token || token.tokenType !== Citation) return null;
  const index = paragraphIndex(a.ir);
  if (!index.declared) return null;
  const text = token.image.slice(1, -1).trim();
  const named = index.named(text);
  const lines: string[] = [];
  if (named.length === 0) {
    const near = index.nearest(text);
    lines.push(
      `${md(`[${text}]`)} names no paragraph of the source index${near ? ` (did you mean ${md(`[${near}]`)}?)` : ""}`,
    );
  } else if (named.length > 1) {
    lines.push(
      `${md(`[${text}]`)} names ${named.length} paragraphs the text numbers alike: ${named.map((n) => md(`[${n}]`)).join(", ")}`,
    );
  } else {
    const cite = named[0]!;
    const found = index.entry(cite)!;
    lines.push(
      `**${found.entry.example ? "worked example" : "paragraph"}** ${md(`[${cite}]`)} of ${md(found.index.ruleset)}'s source index (${md(found.index.title)})`,
    );
    if (found.entry.title) lines.push("", md(found.entry.title));
    const out = outOfScopeByCite(a.ir).get(cite);
    if (out) lines.push("", `Out of scope: ${md(out.reason)}`);
    const defs = [
      ...new Set(
        definitionCitations(a.ir)
          .filter((c) => index.named(c.cite)[0] === cite && index.named(c.cite).length === 1)
          .map((c) => c.name),
      ),
    ];
    const examples = a.ir.examples
      .filter((e) => index.named(e.cite).length === 1 && index.named(e.cite)[0] === cite)
      .map((e) => e.title);
    const some = (xs: string[], show: (x: string) => string) =>
      xs.length > CITERS_SHOWN
        ? `${xs.slice(0, CITERS_SHOWN).map(show).join(", ")} and ${xs.length - CITERS_SHOWN} more`
        : xs.map(show).join(", ");
    if (defs.length > 0) lines.push("", `Cited by ${some(defs, (d) => `\`${d}\``)}`);
    if (examples.length > 0) lines.push("", `Examples: ${some(examples, (e) => `“${md(e)}”`)}`);
    if (defs.length === 0 && examples.length === 0 && !out)
      lines.push("", "Nothing cites it, and it is not declared out of scope.");
  }
  const start = token.startOffset;
  const end = tokenEnd(token);
  return { contents: lines.join("\n"), start, end, range: file.lines.range(start, end) };
}
