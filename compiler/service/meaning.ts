/**
 * Whether a rename leaves a ruleset meaning what it meant (issue 45, item 8): the front end's answer
 * for a file before the rename and after it are compared modulo the name. A rename changes meaning
 * when the file reports an error it did not (the new name is a built-in such as `max`, or clashes),
 * when its IR reads differently once the old name is written as the new one everywhere (an example's
 * `expect x = …` that becomes `expect spent = …`, the move's own figure), or when a name that means
 * something by its form gains or loses that form (a `stacks-as-P` rule is the per-unit count a
 * stacking limit sums: compiler/reach/units.ts `stackingOf`).
 */
import type { Diagnostic } from "../../diagnostics/index.js";
import type { FrontEnd } from "../engine/front.js";
import type { RulesetIR } from "../ir/ir.js";
import { stackingOf } from "../reach/units.js";
import { quotedText } from "../../diagnostics/safe-text.js";

/** `text` with every whole name `from` (not part of a longer hyphenated name) written `to`. */
function renamedIn(text: string, from: string, to: string): string {
  const escaped = from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return text.replace(new RegExp(`(?<![\\w-])${escaped}(?![\\w-])`, "g"), to);
}

/** A copy of plain JSON data with every string (and key) equal to `from` written `to`. */
function renamedData(value: unknown, from: string, to: string): unknown {
  if (typeof value === "string") return value === from ? to : value;
  if (Array.isArray(value)) return value.map((v) => renamedData(v, from, to));
  if (value && typeof value === "object") {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) out[k === from ? to : k] = renamedData(v, from, to);
    return out;
  }
  return value;
}

const errorKey = (d: Diagnostic): string => `${d.code} ${d.message}`;

/** Where a diagnostic is, as `file:line:col`. */
function at(d: Diagnostic): string {
  return d.span ? `${d.span.file}:${d.span.line}:${d.span.col}` : "";
}

/** The names of the first definition whose IR differs between `was` (renamed) and `now`. */
function firstDifference(was: RulesetIR, now: RulesetIR): string {
  const lists = [
    "measures",
    "enums",
    "groups",
    "inputs",
    "tables",
    "rules",
    "constraints",
  ] as const;
  for (const k of lists) {
    const a = was[k] as { name: string }[];
    const b = now[k] as { name: string }[];
    for (let i = 0; i < Math.max(a.length, b.length); i++)
      if (JSON.stringify(a[i]) !== JSON.stringify(b[i]))
        return `${k.slice(0, -1)} ${quotedText((b[i] ?? a[i])!.name)}`;
  }
  for (let i = 0; i < Math.max(was.examples.length, now.examples.length); i++)
    if (JSON.stringify(was.examples[i]) !== JSON.stringify(now.examples[i])) {
      const ex = (now.examples[i] ?? was.examples[i]) as { title?: string; cite?: string };
      return `example ${ex.cite ? `[${ex.cite}] ` : ""}"${quotedText(ex.title ?? "")}"`;
    }
  return "the movement binding";
}

/**
 * The stacking a ruleset's names make (its limit and per-unit counts), with `from` written `to`:
 * read from the IR as it is, since the names themselves are what makes it.
 */
function stacking(ir: RulesetIR, from = "", to = ""): string {
  const s = stackingOf(ir);
  const name = (n: string) => (n === from ? to : n);
  return JSON.stringify({
    limit: s.limit ? name(s.limit.name) : null,
    counts: s.counts.map((r) => name(r.name)),
  });
}

/**
 * Why renaming `from` to `to` changes what the ruleset of `before` means (`after` is the same file
 * with the rename applied), or null when it means the same.
 */
export function meaningChange(
  before: FrontEnd,
  after: FrontEnd,
  from: string,
  to: string,
): string | null {
  const errorsBefore = new Set(
    before.diagnostics
      .filter((d) => d.severity === "error")
      .map((d) => renamedIn(errorKey(d), from, to)),
  );
  const fresh = after.diagnostics.find(
    (d) => d.severity === "error" && !errorsBefore.has(errorKey(d)),
  );
  if (fresh) return `it would no longer check (${at(fresh)}: ${fresh.code} ${fresh.message})`;
  if (!before.ir || !after.ir) return null;
  const was = renamedData(before.ir, from, to) as RulesetIR;
  if (JSON.stringify(was) !== JSON.stringify(after.ir))
    return `${firstDifference(was, after.ir)} would read differently: ${quotedText(to)} already means something there`;
  if (stacking(before.ir, from, to) !== stacking(after.ir)) {
    const lost = from.startsWith("stacks-as-");
    return lost
      ? `${quotedText(from)} is a per-unit stacking count (a rule named stacks-as-…): renamed, the stacking it counts would silently disappear`
      : `a rule named ${quotedText(to)} would become a per-unit stacking count (stacks-as-…) and change the stacking`;
  }
  return null;
}
