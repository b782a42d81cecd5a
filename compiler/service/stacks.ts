/**
 * The language service on examples of several units (`stack HEX { … }`, docs/language.md): hover on
 * a stack's hex, a unit or weapon of it, and on `expect NAME.WHAT` / `expect stack HEX`; completion
 * of a unit's values after `expect NAME.` and of the example's hexes after `expect stack `; the
 * outline's stacks and counters under their example. What it adds: the example being edited found
 * from the parse (its stacks and their counters), never from the checker, so it works mid-edit.
 */
import type { Decl, StackDecl, StackEntry } from "../../grammar/ast.js";
import type { Span } from "../../diagnostics/index.js";
import { md } from "../render/markdown.js";
import type { Analysis, Parsed } from "./analysis.js";
import { ownedByName } from "./analysis.js";
import { typeText } from "./navigate.js";
import type { CompletionItem, DocumentSymbol, Hover } from "./types.js";

type ExampleDecl = Decl & { kind: "example" };

/** The example of `p` whose span holds `offset` and that places units with `stack`, if any. */
function exampleAt(p: Parsed, offset: number): ExampleDecl | null {
  for (const d of p.out.ast.decls)
    if (d.kind === "example" && d.span.start <= offset && offset <= d.span.end)
      return d.stacks.length > 0 ? d : null;
  return null;
}

const within = (s: Span, offset: number) => s.start <= offset && offset <= s.end;

/** The unit or weapon named `name` in `d`'s stacks, with its stack. */
function counterNamed(d: ExampleDecl, name: string): { s: StackDecl; e: StackEntry } | null {
  for (const s of d.stacks) for (const e of s.entries) if (e.name === name) return { s, e };
  return null;
}

/** `kind: squad, portage: 4`: a counter's fields as written. */
function fieldsText(p: Parsed, e: StackEntry): string {
  return e.fields.fields.map((f) => p.text.slice(f.span.start, f.value.span.end)).join(", ");
}

function counterLines(p: Parsed, s: StackDecl, e: StackEntry): string[] {
  const place = s.entries.indexOf(e) + 1;
  const fields = fieldsText(p, e);
  return e.weapon
    ? [
        `**weapon** \`${md(e.name)}\` in ${md(s.hex)}, counter ${place} from the top of the stack`,
        "",
        `Its fields (${md(fields)}) are added to the first unit beneath it that the ruleset's \`possesses\` predicate says holds it.`,
      ]
    : [
        `**unit** \`${md(e.name)}\` in ${md(s.hex)}, counter ${place} from the top of the stack`,
        "",
        `Fields: ${md(fields)}. Searched alone on the example's map, as \`variorum reach --all\` searches a map's units.`,
      ];
}

const WHAT: Record<string, string> = {
  allowance: "its allowance, as `variorum reach --all` reports it",
  reaches: "how many hexes of the example's map it can end its move in (its own included)",
};

/** Hover on a stack's hex, a counter's name, or an expectation about one; null elsewhere. */
export function stackHover(a: Analysis, uri: string, offset: number): Hover | null {
  const p = a.files.get(uri);
  if (!p) return null;
  const d = exampleAt(p, offset);
  if (!d) return null;
  const answer = (lines: string[], span: Span): Hover => ({
    contents: lines.join("\n"),
    start: span.start,
    end: span.end,
    range: p.lines.range(span.start, span.end),
  });
  for (const s of d.stacks) {
    if (within(s.hexSpan, offset))
      return answer(
        [
          `**stack** in ${md(s.hex)}: ${s.entries.length} counter${s.entries.length === 1 ? "" : "s"}, top first`,
          "",
          "The example's map runs from A1 to its farthest stack, all open ground.",
        ],
        s.hexSpan,
      );
    for (const e of s.entries)
      if (within(e.nameSpan, offset)) return answer(counterLines(p, s, e), e.nameSpan);
  }
  for (const x of d.expects) {
    if (x.e === "member" && within(x.unitSpan, offset)) {
      const c = counterNamed(d, x.unit);
      return answer(
        c
          ? counterLines(p, c.s, c.e)
          : [`\`${md(x.unit)}\` is not a unit of this example's stacks`],
        x.unitSpan,
      );
    }
    if (x.e === "member" && within(x.span, offset)) {
      const what = WHAT[x.what] ?? `its field \`${md(x.what)}\`, with the weapons it possesses`;
      return answer([`\`${md(x.unit)}.${md(x.what)}\`: ${what}`], x.span);
    }
    if (x.e === "stack" && within(x.span, offset))
      return answer(
        [
          `\`stack ${md(x.hex)} ${x.negated ? "not " : ""}legal\`: the units that can end their move in ${md(x.hex)} are ${x.negated ? "over" : "within"} the ruleset's stacking limit (its \`stacks-as-…\` rules summed, its limit predicate asked)`,
        ],
        x.span,
      );
  }
  return null;
}

/**
 * Completion inside an example of several units: after `expect NAME.`, a unit's values (`allowance`,
 * `reaches`, the `unit` record's fields); after `expect stack `, the example's hexes. Null elsewhere.
 */
export function stackCompletion(
  a: Analysis,
  offset: number,
  line: string,
): CompletionItem[] | null {
  const d = exampleAt(a.doc, offset);
  if (!d) return null;
  const member = /^\s*expect\s+([\w-]+)\.[\w-]*$/.exec(line);
  if (member) {
    const c = counterNamed(d, member[1]!);
    if (!c || c.e.weapon) return null;
    const items: CompletionItem[] = [
      { label: "allowance", kind: "field", detail: WHAT["allowance"] },
      { label: "reaches", kind: "field", detail: WHAT["reaches"] },
    ];
    const input = a.merged ? ownedByName(a.merged, "unit") : null;
    if (input?.decl.kind === "input")
      for (const f of input.decl.fields)
        items.push({ label: f.name, kind: "field", detail: `unit field: ${typeText(f.type)}` });
    return items;
  }
  if (/^\s*expect\s+stack\s+[\w]*$/.test(line))
    return d.stacks.map((s) => ({
      label: s.hex,
      kind: "keyword" as const,
      detail: `a stack of ${s.entries.length}`,
    }));
  return null;
}

/** The outline's children of example `d`: each stack, with its counters top first. */
export function stackSymbols(
  d: ExampleDecl,
  sym: (
    name: string,
    kind: string,
    detail: string,
    start: number,
    end: number,
    selStart: number,
    selEnd: number,
    children: DocumentSymbol[],
  ) => DocumentSymbol,
): DocumentSymbol[] {
  return d.stacks.map((s) =>
    sym(
      `stack ${s.hex}`,
      "group",
      `${s.entries.length} counter${s.entries.length === 1 ? "" : "s"}`,
      s.span.start,
      s.span.end,
      s.hexSpan.start,
      s.hexSpan.end,
      s.entries.map((e) =>
        sym(
          e.name,
          "field",
          e.weapon ? "weapon" : "unit",
          e.nameSpan.start,
          e.fields.span.end,
          e.nameSpan.start,
          e.nameSpan.end,
          [],
        ),
      ),
    ),
  );
}
