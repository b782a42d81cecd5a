/**
 * Hover: what a name is (rule, table, enum, input field…), its measure or type, its citation and
 * paraphrase; on an `override`, what it replaces (the base's citation, paraphrase and file).
 */
import type { Decl } from "../../grammar/ast.js";
import { tokenEnd } from "../../grammar/tokens.js";
import { md } from "../render/markdown.js";
import { plainOf } from "../render/plain.js";
import type { Owned } from "../front/resolve.js";
import { replaced, type Analysis } from "./analysis.js";
import { typeText, type Word } from "./navigate.js";
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
