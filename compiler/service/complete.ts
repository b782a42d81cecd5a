/**
 * Completion from the text before the cursor: input fields after `unit.`, members after `ENUM.` or
 * inside `in {`, section keys after `section`, definition keywords and snippets at the start of a
 * line, and otherwise every name in scope (with its kind and citation), members and keywords —
 * after a comparison with an operand of an enum's type (`unit.kind == `), that enum's members
 * first (each item then carries the `sortText` that keeps this order in the editor).
 */
import { SECTIONS } from "../ir/report-sections.js";
import type { Analysis } from "./analysis.js";
import { ownedByName } from "./analysis.js";
import { typeText } from "./navigate.js";
import { stackCompletion } from "./stacks.js";
import type { CompletionItem, CompletionKind } from "./types.js";
import { CLAUSE_KEYWORDS, DEFINITION_KEYWORDS, EXPRESSION_KEYWORDS } from "../../grammar/tokens.js";

/** At the start of a line: the keywords that start a definition or a clause (grammar/tokens.ts). */
const LINE_KEYWORDS = [...DEFINITION_KEYWORDS, ...CLAUSE_KEYWORDS];
/**
 * Elsewhere: the expression keywords (grammar/tokens.ts) and the built-in functions and aggregates,
 * which are names, not keywords (compiler/ir/ir.ts `Builtin`, `Aggregate`; `need`).
 */
const BUILTINS = ["any", "every", "count", "max", "min", "sum", "fru", "frd", "need"];
/** The words offered inside an expression: the builtins after the record keywords, as always listed. */
const afterRecords = EXPRESSION_KEYWORDS.indexOf("path") + 1;
const EXPRESSION_WORDS = [
  ...EXPRESSION_KEYWORDS.slice(0, afterRecords),
  ...BUILTINS,
  ...EXPRESSION_KEYWORDS.slice(afterRecords),
];

const SNIPPETS: CompletionItem[] = [
  {
    label: "rule",
    kind: "snippet",
    detail: "rule with a citation, a paraphrase and an exception",
    snippet: true,
    insertText:
      'rule ${1:name} [${2:cite}] "${3:what it says, in your words}": ${4:MF} = ${5:0} {\n  exception [${6:cite}] "${7:when it differs}" when ${8:condition}: ${9:1}\n}',
  },
  {
    label: "exception",
    kind: "snippet",
    detail: "a cited exception",
    snippet: true,
    insertText: 'exception [${1:cite}] "${2:paraphrase}" when ${3:condition}: ${4:value}',
  },
  {
    label: "example",
    kind: "snippet",
    detail: "an executable worked example",
    snippet: true,
    insertText:
      'example [${1:cite} EX] "${2:what it shows}" {\n  unit { kind: ${3:squad} }\n  path { terrain: ${4:open-ground} }\n  expect legal\n  expect allowance = ${5:4}\n}',
  },
  {
    label: "stack",
    kind: "snippet",
    detail: "an example's units in one hex, top of the stack first",
    snippet: true,
    insertText:
      "stack ${1:A1} {\n  ${2:first} { kind: ${3:squad} }\n  ${4:second} { kind: ${5:squad} }\n}",
  },
  {
    label: "table",
    kind: "snippet",
    detail: "a cost table",
    snippet: true,
    insertText:
      'table ${1:name} [${2:cite}] "${3:paraphrase}": ${4:terrain} -> ${5:MF} {\n  ${6:member}: ${7:1}\n}',
  },
  {
    label: "override rule",
    kind: "snippet",
    detail: "replace an inherited rule",
    snippet: true,
    insertText:
      'override rule ${1:name} [${2:H1}] "${3:what the house rule says}": ${4:MF} = ${5:0}',
  },
];

function citeOf(c: { text: string } | null): string {
  return c ? ` [${c.text}]` : "";
}

/** How much of the line before the cursor is read for `NAME == ` (a name and its operator fit). */
const COMPARED_CHARS = 256;

export function complete(a: Analysis, offset: number): CompletionItem[] {
  const text = a.doc.text;
  const lineStart = text.lastIndexOf("\n", offset - 1) + 1;
  const line = text.slice(lineStart, offset);
  const merged = a.merged;

  const several = stackCompletion(a, offset, line);
  if (several) return several;
  const rec = /\b(unit|vehicle|step|scenario)\.([\w-]*)$/.exec(line);
  if (rec) {
    const input = merged ? ownedByName(merged, rec[1]!) : null;
    if (input?.decl.kind !== "input") return [];
    return input.decl.fields.map((f) => ({
      label: f.name,
      kind: "field" as const,
      detail: `${typeText(f.type)}${f.optional ? "?" : ""}${citeOf(input.decl.meta.cite)}`,
    }));
  }
  if (/\bpath\.([\w-]*)$/.test(line)) {
    return [
      { label: "hexes", kind: "field", detail: "number: hexes entered" },
      { label: "steps", kind: "field", detail: "number: steps taken" },
      { label: "spent", kind: "field", detail: "the movement measure: total spent" },
    ];
  }
  const dotted = /\b([A-Za-z_][\w]*(?:-[\w]+)*)\.([\w-]*)$/.exec(line);
  if (dotted && merged) {
    const e = ownedByName(merged, dotted[1]!);
    if (e?.decl.kind === "enum") return members(e.decl.members, e.decl.name);
  }
  if (/\bsection\s+[\w-]*$/.test(line))
    return SECTIONS.map((s) => ({ label: s.key, kind: "section" as const, detail: s.title }));

  // Inside `… in {` (possibly over several members already written).
  const before = text.slice(Math.max(0, offset - 400), offset);
  const inSet = /([\w.-]+)\s+in\s*\{[^{}]*$/.exec(before);
  if (inSet && merged) {
    const enumName = enumOfOperand(a, inSet[1]!);
    const all: CompletionItem[] = [];
    for (const o of merged.decls) {
      if (o.decl.kind === "enum" && (enumName === null || o.decl.name === enumName))
        for (const m of members(o.decl.members, o.decl.name)) all.push(m);
    }
    return all;
  }

  // Read off the line's last characters only: on a long line of word characters the pattern
  // backtracks from every start (a 200,000-character line took two minutes).
  const compared = /([\w.-]+)\s*(?:==|!=)\s*[\w-]*$/.exec(line.slice(-COMPARED_CHARS));
  const fits = compared && merged ? enumOfOperand(a, compared[1]!) : null;
  const items: CompletionItem[] = [];
  if (fits) {
    const e = ownedByName(merged!, fits);
    if (e?.decl.kind === "enum") items.push(...members(e.decl.members, e.decl.name));
  }
  if (/^\s*[\w-]*$/.test(line)) {
    items.push(...SNIPPETS);
    for (const k of LINE_KEYWORDS) items.push({ label: k, kind: "keyword" });
  }
  for (const k of EXPRESSION_WORDS) items.push({ label: k, kind: "keyword" });
  if (!merged) return items;
  const all = everything(items, merged);
  if (!fits) return all;
  // Ranked: the members that fit first, then the rest in their usual order.
  const width = String(all.length).length;
  return all.map((c, i) => ({ ...c, sortText: String(i).padStart(width, "0") }));
}

/** `items`, then every name in scope and its members, each label of a kind once. */
function everything(
  items: CompletionItem[],
  merged: NonNullable<Analysis["merged"]>,
): CompletionItem[] {
  for (const o of merged.decls) {
    const d = o.decl;
    if (
      d.kind === "example" ||
      d.kind === "input" ||
      d.kind === "movement" ||
      d.kind === "remove" ||
      d.kind === "extend"
    )
      continue;
    const kind: CompletionKind = d.kind;
    const doc = d.meta.title ?? undefined;
    items.push({
      label: d.name,
      kind,
      detail: `${d.kind}${citeOf(d.meta.cite)}${o.origin !== merged.header.id ? ` · ${o.origin}` : ""}`,
      ...(doc ? { documentation: doc } : {}),
    });
    if (d.kind === "enum") for (const m of members(d.members, d.name)) items.push(m);
  }
  // A member shared by two enums appears once per enum; keep the first.
  const seen = new Set<string>();
  return items.filter((i) => {
    const key = `${i.kind} ${i.label}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function members(
  ms: readonly { name: string; display: string | null; cite: { text: string } | null }[],
  enumName: string,
): CompletionItem[] {
  return ms.map((m) => ({
    label: m.name,
    kind: "member" as const,
    detail: `${enumName}${citeOf(m.cite)}`,
    ...(m.display ? { documentation: m.display } : {}),
  }));
}

/** The enum an `in {…}` operand ranges over: `unit.kind` → its field's type, `step.terrain` → terrain. */
function enumOfOperand(a: Analysis, operand: string): string | null {
  const merged = a.merged!;
  const m = /^(unit|vehicle|step|scenario)\.([\w-]+)$/.exec(operand);
  if (m) {
    const input = ownedByName(merged, m[1]!);
    if (input?.decl.kind !== "input") return null;
    const f = input.decl.fields.find((x) => x.name === m[2]);
    if (!f) return null;
    return f.type.t === "set" ? f.type.of : f.type.t === "name" ? f.type.name : null;
  }
  const d = ownedByName(merged, operand);
  if (d && (d.decl.kind === "rule" || d.decl.kind === "table") && d.decl.type?.t === "name")
    return d.decl.type.name;
  return null;
}
