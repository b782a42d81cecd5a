/**
 * Safe-by-construction markup for the reach SVG/HTML: the `x` tagged template escapes every value it
 * interpolates (text and attribute values alike: `& < > " '`, and control characters, which XML
 * cannot hold, become `�`) unless the value is already `Markup` built the same way. So a map's name,
 * a terrain name or a citation reaches the page only as text, never as markup. No Node API.
 */
import { safeLine } from "../../diagnostics/safe-text.js";

/** Markup produced by `x` (or `raw` for a literal the module itself wrote). */
export class Markup {
  constructor(readonly html: string) {}
  toString(): string {
    return this.html;
  }
}

export type Value = string | number | Markup | null | undefined | false | readonly Value[];

const ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text (one line: line breaks and other controls become `�`) → escaped for XML text or attributes. */
export function escapeText(s: string): string {
  return safeLine(s).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Multi-line text (a `<title>`): each line escaped, kept apart by a line feed. */
export function lines(text: readonly string[]): Markup {
  return new Markup(text.map(escapeText).join("\n"));
}

function render(v: Value): string {
  if (v === null || v === undefined || v === false) return "";
  if (v instanceof Markup) return v.html;
  if (Array.isArray(v)) return (v as readonly Value[]).map(render).join("");
  if (typeof v === "number") return Number.isFinite(v) ? String(v) : "";
  return escapeText(v as string);
}

/** Tagged template: the literal parts are markup, every interpolated value is escaped. */
export function x(strings: TemplateStringsArray, ...values: Value[]): Markup {
  let out = strings[0]!;
  for (let i = 0; i < values.length; i++) out += render(values[i]!) + strings[i + 1]!;
  return new Markup(out);
}

/** A number for a coordinate: at most two decimals, no trailing zeros, no `-0` (deterministic). */
export function num(n: number): string {
  const r = Math.round(n * 100) / 100;
  return String(r === 0 ? 0 : r);
}
